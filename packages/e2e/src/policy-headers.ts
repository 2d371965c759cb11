/**
 * Checks a response against the shared header policy (`@mfe/deploy`'s hostHeaders): each header as
 * the policy writes it, except Vary, which a server's compression extends (Accept-Encoding), so
 * each of the policy's Vary fields must be among the response's.
 */
export function expectPolicyHeaders(
  get: (name: string) => string | null | undefined,
  policy: Readonly<Record<string, string>>,
): void {
  const fields = (value: string | null | undefined) =>
    (value ?? '')
      .split(',')
      .map((field) => field.trim().toLowerCase())
      .filter(Boolean);
  for (const [name, value] of Object.entries(policy)) {
    if (name.toLowerCase() === 'vary') expect(fields(get(name))).toEqual(expect.arrayContaining(fields(value)));
    else expect(get(name)).toBe(value);
  }
}
