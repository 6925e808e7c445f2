/** A price already formatted on the server ("SYP 1,500,000" / "١٬٥٠٠٬٠٠٠ ل.س"). */
export function ListingPrice({ price, size = "text-2xl" }: { price: string; size?: string }) {
  return (
    <p className={`${size} font-bold text-brand-700`} data-testid="listing-price">
      <bdi>{price}</bdi>
    </p>
  );
}
