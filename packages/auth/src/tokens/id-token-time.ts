/** The `iat` of a JWT, without verifying it (to learn the provider's clock from a token just received). */
export function issuedAt(jwt: string | undefined): number | undefined {
  const part = jwt?.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const iat = (
      JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as { iat?: unknown }
    ).iat;
    return typeof iat === 'number' ? iat : undefined;
  } catch {
    return undefined;
  }
}
