CREATE TABLE "price_guides" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"median" bigint NOT NULL,
	"low" bigint NOT NULL,
	"high" bigint NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The comparable group a listing belongs to in the fair-price guide (issue 32), or null when it
-- belongs to none: a car by make, model, year and mileage band; a flat by city, sale or rent,
-- type and bedrooms. One definition, used by the guide's rebuild and by every lookup (a listing's
-- page reads its row in the statement that reads the listing). NaN years and mileages (text that
-- is not a number, filter-columns.ts) are outside every range, so they belong to no group.
CREATE FUNCTION price_guide_key(
  category_id integer, make text, year numeric, kilometers numeric, city_id text, details jsonb
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN category_id = 1 THEN
      CASE WHEN coalesce(make, '') <> '' AND coalesce(btrim(details ->> 'model'), '') <> ''
        AND year BETWEEN 1900 AND 2100 AND kilometers BETWEEN 0 AND 10000000
      THEN concat_ws('|', 'car', lower(make), lower(btrim(details ->> 'model')), round(year)::int,
        width_bucket(kilometers, ARRAY[50000, 100000, 150000, 200000, 300000]::numeric[]))
      END
    WHEN category_id = 2 THEN
      CASE WHEN coalesce(city_id, '') <> '' AND details ->> 'listing_type' IN ('rent', 'sell')
        AND coalesce(details ->> 'type', '') <> '' AND coalesce(details ->> 'bedrooms', '') <> ''
      THEN concat_ws('|', 'flat', city_id, details ->> 'listing_type', details ->> 'type',
        details ->> 'bedrooms')
      END
  END
$$;
