/** Placeholder: replaced by the feature's real screen. */
export function SignupPage() {
  return <main><h1>Sign Up</h1></main>;
}
