import { plainSuccessSchema } from '@fleet/shared';
import { describe, expect, it, vi } from 'vitest';
import { noUserReason, spec8Reason } from '../session/sign-out-rules.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

/** Spec 8's sign-outs, with the rule the signed-in shell installs. */
function setup(answer: { status: number; body: unknown }, signedIn: boolean) {
  const fetchFake = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status }));
  const signedOut: string[] = [];
  const client = createApiClient({
    fetch: fetchFake as unknown as typeof fetch,
    getSession: () => (signedIn ? { token: 'tok', instanceuuid: 'inst' } : null),
    readXsrfToken: () => null,
    onTokenError: vi.fn(),
  });
  client.setSignOutRule((call, failure) => {
    const reason = spec8Reason(call, failure);
    if (reason) signedOut.push(reason);
    return reason;
  });
  return { client, fetchFake, signedOut };
}

describe("spec 8's sign-outs", () => {
  it("signs out with 'No user - groups()' when a call is made with no user, and sends nothing", async () => {
    const { client, fetchFake, signedOut } = setup({ status: 200, body: { ok: 1 } }, false);
    await expect(client.get('groups', plainSuccessSchema)).rejects.toMatchObject({ message: 'No user - groups()', code: 'token' });
    expect(signedOut).toEqual([noUserReason('groups')]);
    expect(fetchFake).not.toHaveBeenCalled();
  });

  it('lets public calls through with no user', async () => {
    const { client, signedOut } = setup({ status: 200, body: { ok: 1 } }, false);
    await expect(client.post('resetpassword', plainSuccessSchema, { email: 'a@b.example' })).resolves.toMatchObject({ ok: 1 });
    expect(signedOut).toEqual([]);
  });

  it.each(['customers', 'units', 'unittypes'])("signs out when %s fails, with the server's message", async (call) => {
    const { client, signedOut } = setup({ status: 403, body: { ok: 0, message: 'Not Admin' } }, true);
    const error = await client.get(call, plainSuccessSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('token');
    expect(signedOut).toEqual(['Not Admin']);
  });

  it('does not sign out when another call fails, nor when no rule is installed', async () => {
    const { client, signedOut } = setup({ status: 403, body: { ok: 0, message: 'Not Admin' } }, true);
    await expect(client.get('groups', plainSuccessSchema)).rejects.toMatchObject({ code: 'server' });
    expect(signedOut).toEqual([]);
    client.setSignOutRule(undefined);
    await expect(client.get('customers', plainSuccessSchema)).rejects.toMatchObject({ code: 'server' });
  });
});
