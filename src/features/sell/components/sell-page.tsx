/** Placeholder: replaced by the feature's real screen. */
export function SellPage() {
  return <main><h1>Sell an Item</h1></main>;
}
