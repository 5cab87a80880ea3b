/** Placeholder: replaced by the feature's real screen. */
export function LandingPage() {
  return <main><h1>Blockspin Market</h1></main>;
}
