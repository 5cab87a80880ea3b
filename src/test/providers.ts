// Test support renders screens inside the app's real providers (theme, global styles, query client). Tests reach them
// through here: features and shared code never import the app.
export { AppProviders } from '../app/providers';
