/** Placeholder: replaced by the feature's real screen. */
export function ShopPage() {
  return <main><h1>Shop</h1></main>;
}
