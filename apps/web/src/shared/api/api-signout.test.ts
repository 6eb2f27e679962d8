import { plainSuccessSchema } from '@fleet/shared';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, noUserReason, PUBLIC_CALLS, SIGN_OUT_ON_FAILURE } from './api-client.ts';
import { ApiError } from './api-error.ts';

/** Spec 8's sign-outs, as the app's client is configured. */
function setup(answer: { status: number; body: unknown }, signedIn: boolean) {
  const fetchFake = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status }));
  const onSignOut = vi.fn();
  const onTokenError = vi.fn();
  const client = createApiClient({
    fetch: fetchFake as unknown as typeof fetch,
    getSession: () => (signedIn ? { token: 'tok', instanceuuid: 'inst' } : null),
    readXsrfToken: () => null,
    onTokenError, onSignOut, publicCalls: PUBLIC_CALLS, signOutOnFailure: SIGN_OUT_ON_FAILURE,
  });
  return { client, fetchFake, onSignOut, onTokenError };
}

describe("spec 8's sign-outs", () => {
  it("signs out with 'No user - groups()' when a call is made with no user, and sends nothing", async () => {
    const { client, fetchFake, onSignOut } = setup({ status: 200, body: { ok: 1 } }, false);
    await expect(client.get('groups', plainSuccessSchema)).rejects.toMatchObject({ message: 'No user - groups()', code: 'token' });
    expect(onSignOut).toHaveBeenCalledWith(noUserReason('groups'));
    expect(fetchFake).not.toHaveBeenCalled();
  });

  it('lets public calls through with no user', async () => {
    const { client, onSignOut } = setup({ status: 200, body: { ok: 1 } }, false);
    await expect(client.post('resetpassword', plainSuccessSchema, { email: 'a@b.example' })).resolves.toMatchObject({ ok: 1 });
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it.each(['customers', 'units', 'unittypes'])('signs out when %s fails, with the server\'s message', async (call) => {
    const { client, onSignOut } = setup({ status: 403, body: { ok: 0, message: 'Not Admin' } }, true);
    const error = await client.get(call, plainSuccessSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('token');
    expect(onSignOut).toHaveBeenCalledWith('Not Admin');
  });

  it('does not sign out when another call fails', async () => {
    const { client, onSignOut } = setup({ status: 403, body: { ok: 0, message: 'Not Admin' } }, true);
    await expect(client.get('groups', plainSuccessSchema)).rejects.toMatchObject({ code: 'server' });
    expect(onSignOut).not.toHaveBeenCalled();
  });
});
