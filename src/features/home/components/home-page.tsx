/** Placeholder: replaced by the feature's real screen. */
export function HomePage() {
  return <main><h1>Home</h1></main>;
}
