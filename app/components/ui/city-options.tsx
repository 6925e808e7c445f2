import type { CityGroup } from "~/views/common/city-groups.server";
/** The cities of a location select, grouped by governorate. */
export function CityOptions({ groups }: { groups: CityGroup[] }) {
  return groups.map((group) => (
    <optgroup key={group.id} label={group.label}>
      {group.cities.map((city) => (
        <option key={city.id} value={city.id}>
          {city.label}
        </option>
      ))}
    </optgroup>
  ));
}
