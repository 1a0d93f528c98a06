import { randomInt, randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { createApp } from '../src/main';
import { startSmtpSink } from './smtp-sink';
import { testEnv } from './test-env';

/** The envelope, as far as these tests read it. */
interface Body {
  success: boolean;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  data: { token: string; refresh: string; user: { _id: string }; _id?: string; email?: string };
}

describe('accounts over HTTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: INestApplication;
  let url: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // Each request comes from an address of its own through a trusted proxy, so this suite's many
    // requests stay clear of the per-IP limits (rate-limits.spec.ts tests those).
    app = await createApp(
      testEnv({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MS: '50', TRUST_PROXY_HOPS: '1' }),
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token ?? ''}`,
        'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Body,
    };
  };
  const me = async (token: string) => {
    const response = await fetch(`${url}/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Body };
  };
  const address = () => `member-${randomUUID()}@example.com`;

  /** The latest mail to `to` (whose text matches `pattern`, if given), once it arrives. */
  async function mailTo(to: string, pattern?: RegExp) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = smtp.received
        .filter((m) => m.to.includes(to) && (pattern === undefined || pattern.test(m.raw)))
        .at(-1);
      if (mail !== undefined) {
        return mail.raw;
      }
      if (Date.now() > deadline) {
        throw new Error(`no mail reached ${to}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const codeIn = (raw: string) => /verification code: (\d{6})/.exec(raw)?.[1];

  async function signUp(email = address(), password = 'tide-lantern-97') {
    await post('/users/request-account', { email, phone: '+1 (555) 010-0100' });
    const otp = codeIn(await mailTo(email));
    const verified = await post('/users/verify-account/', {
      email,
      phone: '+1 (555) 010-0100',
      otp,
      fullname: 'Ada Lovelace',
      password,
    });
    return { email, password, verified };
  }

  it('signs up by emailed code and signs the member in at once', async () => {
    const { email, verified } = await signUp();
    expect(verified.status).toBe(201);
    expect(verified.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Buffer.from(verified.body.data.refresh, 'base64url')).toHaveLength(32);
    expect(verified.body).toMatchObject({
      success: true,
      data: {
        user: {
          email,
          fullname: 'Ada Lovelace',
          phone: '+1 (555) 010-0100',
          location: { city: null },
        },
      },
    });
    const mine = await me(verified.body.data.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ _id: verified.body.data.user._id, email });
  });

  it('refuses to sign up an invisible name or one with a bidi override', async () => {
    const email = address();
    await post('/users/request-account', { email, phone: '+1 (555) 010-0100' });
    const otp = codeIn(await mailTo(email));
    const details = { email, phone: '+1 (555) 010-0100', otp, password: 'tide-lantern-97' };
    const invisible = await post('/users/verify-account/', {
      ...details,
      fullname: '\u3164 \u200B\u00AD',
    });
    expect(invisible.status).toBe(400);
    expect(invisible.body).toMatchObject({
      success: false,
      code: 'REQUEST.INVALID',
      message: 'Please enter a name with visible letters.',
      errors: { fullname: 'Please enter a name with visible letters.' },
    });
    const reversed = await post('/users/verify-account/', {
      ...details,
      fullname: 'Ada\u202Eecila',
    });
    expect([reversed.status, reversed.body.errors]).toEqual([
      400,
      { fullname: 'Full name cannot contain characters that change the text direction.' },
    ]);
    // A refused body never reaches the code, which still signs the member up.
    const verified = await post('/users/verify-account/', { ...details, fullname: 'Ada' });
    expect(verified.status).toBe(201);
    expect(verified.body.data.user).toMatchObject({ fullname: 'Ada' });
  });

  /** Moves an address's codes back past the resend cooldown, as if a minute had passed. */
  const pastCooldown = (email: string) =>
    dataSource.query(
      "UPDATE app.one_time_codes SET created_at = created_at - interval '61 seconds' WHERE email = $1",
      [email],
    );

  it('answers request-account the same for a registered and an unknown address', async () => {
    const { email } = await signUp();
    await pastCooldown(email);
    const registered = await post('/users/request-account', { email, phone: '555 0100' });
    const unknown = await post('/users/request-account', { email: address(), phone: '555 0100' });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual(unknown.body);
  });

  it('mails a registered address that it has an account, and no code', async () => {
    const { email } = await signUp();
    await pastCooldown(email);
    await post('/users/request-account', { email: email.toUpperCase(), phone: '555 0100' });
    const raw = await mailTo(email, /Subject: You already have a LendPath account/);
    expect(codeIn(raw)).toBeUndefined();
  });

  it('refuses a second code within a minute with 429 and Retry-After', async () => {
    const email = address();
    expect((await post('/users/request-account', { email, phone: '555 0100' })).status).toBe(200);
    const again = await post('/users/request-account', { email, phone: '555 0100' });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(again.body).toMatchObject({ success: false, code: 'CODE.RESEND_TOO_SOON' });
  });

  it('answers login the same for an unknown address and a wrong password', async () => {
    const { email } = await signUp();
    const wrong = await post('/users/login', { email, password: 'not-the-password' });
    const unknown = await post('/users/login', { email: address(), password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      success: false,
      message: 'Invalid email or password.',
      code: 'AUTH.INVALID_CREDENTIALS',
    });
  });

  it('logs in, refreshes (rotating) and logs out', async () => {
    const { email, password } = await signUp();
    const login = await post('/users/login', { email: ` ${email.toUpperCase()} `, password });
    expect(login.status).toBe(200);
    const { refresh } = login.body.data;
    const renewed = await post('/users/refresh', { refresh });
    expect(renewed.status).toBe(200);
    expect((await post('/users/refresh', { refresh })).status).toBe(401); // replayed: family revoked
    expect((await post('/users/refresh', { refresh: renewed.body.data.refresh })).status).toBe(401);

    const again = await post('/users/login', { email, password });
    expect((await me(again.body.data.token)).status).toBe(200);
    expect((await post('/users/logout', { refresh: again.body.data.refresh })).status).toBe(200);
    expect((await post('/users/refresh', { refresh: again.body.data.refresh })).status).toBe(401);
    // The access token ends with its sign-in, not 15 minutes later.
    expect((await me(again.body.data.token)).status).toBe(401);
  });

  it('refuses a wrong code, and a code for another purpose', async () => {
    const email = address();
    await post('/users/request-account', { email, phone: '555 0100' });
    const answer = await post('/users/verify-account', {
      email,
      phone: '555 0100',
      otp: '000000' === codeIn(await mailTo(email)) ? '111111' : '000000',
      fullname: 'Ada',
      password: 'tide-lantern-97',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'CODE.INVALID',
      message: 'Invalid or expired code. Please request a new one.',
    });
  });

  describe('password reset', () => {
    const resetCodeIn = (raw: string) => /password reset code: (\d{6})/.exec(raw)?.[1];

    it('checks the code, sets the new password, ends every session and says so by mail', async () => {
      const { email, password, verified: signedUp } = await signUp();
      const session = await post('/users/login', { email, password });
      const forgot = await post('/users/forgot-password', { email });
      expect(forgot.status).toBe(200);
      const otp = resetCodeIn(await mailTo(email, /password reset code/));
      expect(otp).toMatch(/^\d{6}$/);

      const verified = await post('/users/verify-forgetpassword-otp', { email, otp });
      expect(verified.body).toMatchObject({ success: true, message: 'OTP verified successfully!' });
      const reset = await post('/users/reset-password/', {
        email,
        otpCode: otp,
        newPassword: 'harbour-quill-53',
      });
      expect(reset.body).toMatchObject({
        success: true,
        message: 'Password changed successfully!',
      });

      expect((await post('/users/login', { email, password })).status).toBe(401);
      expect((await post('/users/login', { email, password: 'harbour-quill-53' })).status).toBe(
        200,
      );
      expect((await post('/users/refresh', { refresh: session.body.data.refresh })).status).toBe(
        401,
      );
      // Access tokens from before the reset stop at once (the sign-up's and the login's).
      expect((await me(session.body.data.token)).status).toBe(401);
      expect((await me(signedUp.body.data.token)).status).toBe(401);
      await mailTo(email, /Subject: Your LendPath password was changed/);
      // The code was used up by the reset.
      const again = await post('/users/reset-password', {
        email,
        otpCode: otp,
        newPassword: 'harbour-quill-54',
      });
      expect(again.body).toMatchObject({ code: 'CODE.INVALID' });
    });

    it('answers forgot-password the same for a registered and an unknown address, mailing only the first', async () => {
      const { email } = await signUp();
      const unknownAddress = address();
      const registered = await post('/users/forgot-password', { email });
      const unknown = await post('/users/forgot-password', { email: unknownAddress });
      expect(registered.status).toBe(200);
      expect(registered.body).toEqual(unknown.body);
      await mailTo(email, /password reset code/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received.some((m) => m.to.includes(unknownAddress))).toBe(false);
    });

    it('refuses a wrong reset code', async () => {
      const { email } = await signUp();
      await post('/users/forgot-password', { email });
      const otp = resetCodeIn(await mailTo(email, /password reset code/));
      const wrong = otp === '000000' ? '000001' : '000000';
      const answer = await post('/users/verify-forgetpassword-otp', { email, otp: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'CODE.INVALID' });
    });

    it.each([
      ['', 'Please enter a new password'],
      ['abc', 'Password must be at least 6 characters long'],
      ['qwerty123', 'This password is too common. Please choose a less common one.'],
    ])('refuses the new password %j: %s', async (newPassword, message) => {
      const answer = await post('/users/reset-password', {
        email: 'ada@example.com',
        otpCode: '123456',
        newPassword,
      });
      expect(answer.body).toMatchObject({ success: false, message });
    });
  });

  it('resends a sign-up code at /user/resend-otp/', async () => {
    const email = address();
    await post('/users/request-account', { email, phone: '555 0100' });
    const first = codeIn(await mailTo(email));
    await pastCooldown(email);
    const before = smtp.received.length;
    const resent = await post('/user/resend-otp/', { email });
    expect(resent.body).toMatchObject({
      success: true,
      message: 'OTP has been resent to your email',
    });
    await smtp.waitFor(before + 1);
    const second = codeIn(await mailTo(email, /verification code/));
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second) {
      const stale = await post('/users/verify-account', {
        email,
        phone: '555 0100',
        otp: first,
        fullname: 'Ada',
        password: 'tide-lantern-97',
      });
      expect(stale.body).toMatchObject({ code: 'CODE.INVALID' });
    }
  });

  describe('profile', () => {
    const profile = {
      fullname: 'Ada King',
      phone: '+44 20 7946 0000',
      gender: 'Female',
      ageRange: '25-34',
      location: { city: 'London', town: 'Marylebone', country: 'United Kingdom' },
      occupation: 'Analyst',
    };

    it('edits SPEC’s fields and answers the updated member', async () => {
      const { email, verified } = await signUp();
      const answer = await post('/users/edit-profile', profile, verified.body.data.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        message: 'Profile updated successfully!',
      });
      expect(answer.body.data).toMatchObject({
        ...profile,
        email,
        _id: verified.body.data.user._id,
      });
      expect((await me(verified.body.data.token)).body.data).toMatchObject(profile);
    });

    it('changes nothing else, whatever the body says', async () => {
      const { email, verified } = await signUp();
      const answer = await post(
        '/users/edit-profile',
        { ...profile, email: 'thief@example.com', _id: 'someone-else', emailVerifiedAt: null },
        verified.body.data.token,
      );
      expect(answer.body.data).toMatchObject({ email, _id: verified.body.data.user._id });
    });

    it('keeps a self-described gender in the member’s words, and only with that choice', async () => {
      const { verified } = await signUp();
      const token = verified.body.data.token;
      const described = await post(
        '/users/edit-profile',
        { ...profile, gender: 'Prefer to self describe', genderDescription: ' Non-binary ' },
        token,
      );
      expect(described.body.data).toMatchObject({ gender: 'Non-binary' });
      expect((await me(token)).body.data).toMatchObject({ gender: 'Non-binary' });

      const unsaid = await post(
        '/users/edit-profile',
        { ...profile, gender: 'Prefer to self describe', genderDescription: '' },
        token,
      );
      expect(unsaid.body.data).toMatchObject({ gender: 'Prefer to self describe' });

      const listed = await post(
        '/users/edit-profile',
        { ...profile, gender: 'Male', genderDescription: 'Non-binary' },
        token,
      );
      expect(listed.body.data).toMatchObject({ gender: 'Male' });

      const long = await post(
        '/users/edit-profile',
        { ...profile, gender: 'Prefer to self describe', genderDescription: 'x'.repeat(61) },
        token,
      );
      expect([long.status, long.body.message]).toEqual([
        400,
        'Please keep this under 60 characters',
      ]);
    });

    it('keeps loan notices on by default, and turns them off and on only when asked', async () => {
      const { verified } = await signUp();
      const token = verified.body.data.token;
      expect(verified.body.data.user).toMatchObject({ loanNotices: true });
      const off = await post('/users/edit-profile', { ...profile, loanNotices: false }, token);
      expect(off.body.data).toMatchObject({ loanNotices: false });
      // SPEC's profile call sends no such field: it leaves the choice as it is.
      expect((await post('/users/edit-profile', profile, token)).body.data).toMatchObject({
        loanNotices: false,
      });
      expect((await me(token)).body.data).toMatchObject({ loanNotices: false });
      const on = await post('/users/edit-profile', { ...profile, loanNotices: true }, token);
      expect(on.body.data).toMatchObject({ loanNotices: true });
      const bad = await post('/users/edit-profile', { ...profile, loanNotices: 'no' }, token);
      expect([bad.status, bad.body.message]).toEqual([
        400,
        'Please say whether you want loan notices',
      ]);
    });

    it.each([
      [{ fullname: '' }, 'Please enter your full name'],
      [{ fullname: '\u3164\u200B\u3164' }, 'Please enter a name with visible letters.'],
      [{ fullname: '\u202E\u2800\u115F\u1160' }, 'Please enter a name with visible letters.'],
      [{ phone: '' }, 'Please enter your phone number'],
      [{ phone: 'ring me' }, 'Please enter a valid phone number'],
      [{ gender: 'Other' }, 'Please choose a gender from the list'],
      [{ ageRange: '30-40' }, 'Please choose an age range from the list'],
    ])('refuses %j: %s', async (change, message) => {
      const { verified } = await signUp();
      const answer = await post(
        '/users/edit-profile',
        { ...profile, ...change },
        verified.body.data.token,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    });

    it('refuses bidi overrides and isolates in a name, so it cannot flip the page around it', async () => {
      const { verified } = await signUp();
      const answer = await post(
        '/users/edit-profile',
        { ...profile, fullname: 'Ada\u202Eecila \u2067King\u2069' },
        verified.body.data.token,
      );
      expect([answer.status, answer.body.errors]).toEqual([
        400,
        { fullname: 'Full name cannot contain characters that change the text direction.' },
      ]);
      expect((await me(verified.body.data.token)).body.data).not.toMatchObject({
        fullname: expect.stringContaining('King') as string,
      });
    });

    it('needs a signed-in member', async () => {
      expect((await post('/users/edit-profile', profile)).status).toBe(401);
    });
  });

  describe('block-user', () => {
    it('blocks another member, once however often asked', async () => {
      const ada = await signUp();
      const grace = await signUp();
      const target = { userIdToBlock: grace.verified.body.data.user._id };
      const first = await post('/users/block-user', target, ada.verified.body.data.token);
      expect(first.body).toMatchObject({ success: true, message: 'User blocked successfully!' });
      expect((await post('/users/block-user', target, ada.verified.body.data.token)).status).toBe(
        200,
      );
      const rows = await dataSource.query<unknown[]>(
        'SELECT 1 FROM app.user_blocks WHERE blocker_id = $1 AND blocked_id = $2',
        [ada.verified.body.data.user._id, target.userIdToBlock],
      );
      expect(rows).toHaveLength(1);
    });

    it('refuses to block yourself or nobody', async () => {
      const ada = await signUp();
      const self = await post(
        '/users/block-user',
        { userIdToBlock: ada.verified.body.data.user._id },
        ada.verified.body.data.token,
      );
      expect(self.body).toMatchObject({
        code: 'USER.BLOCK_SELF',
        message: 'You cannot block yourself.',
      });
      const nobody = await post(
        '/users/block-user',
        { userIdToBlock: randomUUID() },
        ada.verified.body.data.token,
      );
      expect(nobody.status).toBe(404);
    });
  });

  describe('validation', () => {
    it.each([
      [{ phone: '555' }, 'Please enter your email address'],
      [{ email: 'ada@', phone: '555' }, 'Please enter a valid email address'],
      [{ email: 'ada@example.com' }, 'Please enter your phone number'],
      [{ email: 'ada@example.com', phone: 'call me' }, 'Please enter a valid phone number'],
    ])('request-account %j → %s', async (body, message) => {
      const answer = await post('/users/request-account', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message, code: 'REQUEST.INVALID' });
    });

    it('verify-account names every bad field', async () => {
      const answer = await post('/users/verify-account', {
        email: 'x',
        password: 'password',
        otp: '12',
      });
      expect(answer.body.errors).toEqual({
        fullname: 'Please enter your full name',
        email: 'Please enter a valid email address',
        phone: 'Please enter your phone number',
        password: 'This password is too common. Please choose a less common one.',
        otp: 'Please enter all 6 digits of the OTP',
      });
    });

    it.each([
      [{ password: 'x' }, 'Please enter your email address'],
      [{ email: '  ', password: 'x' }, 'Please enter your email address'],
      [{ email: 'ada@example.com' }, 'Please enter your password'],
    ])('login %j → %s', async (body, message) => {
      expect((await post('/users/login', body)).body.message).toBe(message);
    });
  });

  describe('/users/me', () => {
    it.each([
      ['an empty bearer', ''],
      ['a malformed token', 'abc.def.ghi'],
    ])('refuses %s with 401', async (_, token) => {
      const answer = await me(token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, code: 'AUTH.UNAUTHENTICATED' });
    });
  });
});
