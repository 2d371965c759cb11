/** Who is on screen, as access checks take it: signed in or not, and their roles and scopes. */
export interface Viewer {
  readonly signedIn: boolean;
  hasRole(role: string): boolean;
  hasScope(scope: string): boolean;
}
