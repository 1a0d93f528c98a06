import { randomInt, randomUUID } from 'node:crypto';

import type { ArgumentsHost, INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ExceptionsFilter } from '../src/common/exception.filter';
import { seed } from '../src/database/seed';
import { createApp } from '../src/main';
import { signedInMember, type TestMember } from './members';
import { testEnv } from './test-env';

interface Body {
  success: boolean;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  data: { _id: string; content: string };
}

/** What an attacker puts in a text field, and which part of the rule answers it. */
const hostile = [
  ['a NUL', 'Ada\u0000Lovelace', 'control'],
  ['an escape sequence', 'Ada\u001B[2J', 'control'],
  ['a bell', 'Ada\u0007', 'control'],
  ['DEL', 'Ada\u007F', 'control'],
  ['a direction override', 'Ada\u202Eecila', 'direction'],
  ['a direction isolate', '\u2067Ada', 'direction'],
  ['only invisible characters', '\u200B\u3164\u2800', 'invisible'],
  ['only a direction override and a zero-width space', '\u202E\u200B', 'invisible'],
  ['a line break', 'Ada\nLovelace', 'line'],
  ['a tab', 'Ada\tLovelace', 'line'],
] as const;
type Problem = (typeof hostile)[number][2];

interface Field {
  /** The key of the field in `errors` (a path, for nested fields). */
  key: string;
  /** The message for each problem the field refuses. */
  says: Record<Exclude<Problem, 'line'>, string>;
  /** Whether it is text written in lines (line breaks and tabs are then fine). */
  multiline?: boolean;
}

/** The messages of a field named `name` that has no words of its own for a problem. */
const saying = (
  name: string,
  nothing: string,
  { multiline = false, invalid }: { multiline?: boolean; invalid?: string } = {},
): Field['says'] => ({
  control:
    invalid ??
    (multiline
      ? `${name} cannot contain control characters other than line breaks and tabs.`
      : `${name} cannot contain line breaks, tabs or other control characters.`),
  direction: invalid ?? `${name} cannot contain characters that change the text direction.`,
  invisible: nothing,
});

describe('hostile text is refused with a 400 naming the field', () => {
  let app: INestApplication;
  let url: string;
  let member: TestMember;
  let author: TestMember;
  let categoryId: string;
  let postId: string;

  beforeAll(async () => {
    // Each request comes through a trusted proxy from an address of its own, so the many refused
    // requests here stay clear of the per-IP limits on the account routes.
    const env = testEnv({ TRUST_PROXY_HOPS: '1' });
    await seed(env.DATABASE_URL);
    app = await createApp(env);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    member = await signedInMember(app, url, `Hostile ${randomUUID().slice(0, 4)}`);
    author = await signedInMember(app, url, `Author ${randomUUID().slice(0, 4)}`);
    const [row] = await app.get(DataSource).query<{ id: string }[]>(
      `INSERT INTO app.community_categories (slug, title, position)
         VALUES ($1, 'Hostile text', 97) RETURNING id`,
      [`hostile-${randomUUID()}`],
    );
    categoryId = row!.id;
    const created = await send('POST', '/community/create-post', author.token, {
      content: 'Something to report',
      categoryId,
    });
    postId = created.body.data._id;
  });
  afterAll(() => app.close());

  async function send(method: string, path: string, token?: string, body?: unknown) {
    const multipart = body instanceof FormData;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token ?? ''}`,
        accept: 'application/json',
        'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
        ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  const email = () => `hostile-${randomUUID()}@example.com`;
  const signUp = () => ({
    fullname: 'Ada Lovelace',
    email: email(),
    phone: '+1 555 0100',
    otp: '123456',
    password: 'tide-lantern-97',
  });
  const profile = () => ({
    fullname: 'Ada Lovelace',
    phone: '+1 555 0100',
    location: { city: 'London', town: 'Marylebone', country: 'UK' },
    occupation: 'Analyst',
  });
  const loan = () => ({
    amount: 5,
    duration: 30,
    walletAddress: `0x${'ab'.repeat(20)}`,
    description: 'Seeds for the spring planting',
    borrower: member.id,
    loanChainId: 1,
  });
  const enrolling = 'Unable to enroll. Missing user ID or course ID.';
  const saving = 'Unable to save/unsave. Missing user ID or course ID.';
  const noEnrollment = 'Enrollment information not found';

  /** Every text field a client sends: how to send a value in it, and what it answers. */
  const endpoints: {
    call: string;
    send: (value: string) => [method: string, path: string, body?: unknown];
    signedIn?: boolean;
    fields: Field[];
  }[] = [
    {
      call: 'login',
      send: () => ['POST', '/users/login'],
      fields: [
        {
          key: 'email',
          says: saying('Email address', 'Please enter your email address'),
        },
      ],
    },
    {
      call: 'request-account',
      send: () => ['POST', '/users/request-account'],
      fields: [
        {
          key: 'email',
          says: saying('Email address', 'Please enter your email address', {
            invalid: 'Please enter a valid email address',
          }),
        },
        {
          key: 'phone',
          says: saying('Phone number', 'Please enter your phone number', {
            invalid: 'Please enter a valid phone number',
          }),
        },
      ],
    },
    {
      call: 'verify-account (sign-up)',
      send: () => ['POST', '/users/verify-account'],
      fields: [
        { key: 'fullname', says: saying('Full name', 'Please enter a name with visible letters.') },
        {
          key: 'email',
          says: saying('Email address', 'Please enter your email address', {
            invalid: 'Please enter a valid email address',
          }),
        },
        {
          key: 'phone',
          says: saying('Phone number', 'Please enter your phone number', {
            invalid: 'Please enter a valid phone number',
          }),
        },
      ],
    },
    {
      call: 'forgot-password',
      send: () => ['POST', '/users/forgot-password'],
      fields: [
        {
          key: 'email',
          says: saying('Email address', 'Please enter your email address', {
            invalid: 'Please enter a valid email address',
          }),
        },
      ],
    },
    {
      call: 'edit-profile',
      send: () => ['POST', '/users/edit-profile'],
      signedIn: true,
      fields: [
        { key: 'fullname', says: saying('Full name', 'Please enter a name with visible letters.') },
        {
          key: 'phone',
          says: saying('Phone number', 'Please enter your phone number', {
            invalid: 'Please enter a valid phone number',
          }),
        },
        { key: 'location.city', says: saying('City', 'City needs some visible text.') },
        { key: 'location.town', says: saying('Town', 'Town needs some visible text.') },
        { key: 'location.country', says: saying('Country', 'Country needs some visible text.') },
        { key: 'occupation', says: saying('Occupation', 'Occupation needs some visible text.') },
      ],
    },
    {
      call: 'create-post',
      send: () => ['POST', '/community/create-post'],
      signedIn: true,
      fields: [
        {
          key: 'content',
          multiline: true,
          says: saying('Post content', 'A post needs some visible text.', { multiline: true }),
        },
        { key: 'categoryId', says: saying('Category', 'Please select the category') },
      ],
    },
    {
      call: 'report-post',
      send: () => ['POST', '/community/report-post'],
      signedIn: true,
      fields: [
        {
          key: 'reason',
          multiline: true,
          says: saying('Reason', 'Reason needs some visible text.', { multiline: true }),
        },
        { key: 'postId', says: saying('Post id', 'Please say which post to report') },
      ],
    },
    {
      call: 'request a loan',
      send: () => ['POST', '/microlending/request'],
      signedIn: true,
      fields: [
        {
          key: 'description',
          multiline: true,
          says: saying('Description', 'Please fill in all required fields', { multiline: true }),
        },
        { key: 'borrower', says: saying('Borrower', 'Please fill in all required fields') },
      ],
    },
    {
      call: 'the course category filter',
      send: (value) => ['GET', `/academy/courses?category=${encodeURIComponent(value)}`],
      signedIn: true,
      fields: [
        {
          key: 'category',
          says: saying('category', 'category must name a category (its id or slug)'),
        },
      ],
    },
    {
      call: 'enroll',
      send: () => ['POST', '/academy/enroll'],
      signedIn: true,
      fields: [
        { key: 'userId', says: saying('User id', enrolling) },
        { key: 'courseId', says: saying('Course id', enrolling) },
      ],
    },
    {
      call: 'save a course',
      send: () => ['POST', '/academy/save'],
      signedIn: true,
      fields: [
        { key: 'userId', says: saying('User id', saving) },
        { key: 'courseId', says: saying('Course id', saving) },
      ],
    },
    {
      call: 'star an enrolment',
      send: () => ['POST', '/academy/star'],
      signedIn: true,
      fields: [{ key: 'enrollmentId', says: saying('Enrollment id', noEnrollment) }],
    },
    {
      call: 'mark a module done',
      send: () => ['POST', '/academy/progress/module'],
      signedIn: true,
      fields: [
        { key: 'enrollmentId', says: saying('Enrollment id', noEnrollment) },
        {
          key: 'moduleId',
          says: saying('Module id', 'Please say which module is done (moduleId).'),
        },
        {
          key: 'outlineId',
          says: saying('Outline id', 'Please say which module is done (moduleId).'),
        },
      ],
    },
    {
      call: 'record a quiz',
      send: () => ['POST', '/academy/progress/quiz'],
      signedIn: true,
      fields: [
        { key: 'enrollmentId', says: saying('Enrollment id', noEnrollment) },
        {
          key: 'moduleId',
          says: saying('Module id', 'Please say which module the quiz belongs to (moduleId).'),
        },
      ],
    },
  ];

  /** A body that is valid but for `value` in the field at `key`. */
  const validBody = (call: string): Record<string, unknown> => {
    const bodies: Record<string, () => Record<string, unknown>> = {
      login: () => ({ email: email(), password: 'tide-lantern-97' }),
      'request-account': () => ({ email: email(), phone: '+1 555 0100' }),
      'verify-account (sign-up)': signUp,
      'forgot-password': () => ({ email: email() }),
      'edit-profile': profile,
      'create-post': () => ({ content: 'Hello', categoryId }),
      'report-post': () => ({ postId, reason: 'Spam' }),
      'request a loan': loan,
      enroll: () => ({ userId: member.id, courseId: randomUUID() }),
      'save a course': () => ({ userId: member.id, courseId: randomUUID() }),
      'star an enrolment': () => ({ enrollmentId: randomUUID() }),
      'mark a module done': () => ({ enrollmentId: randomUUID(), outlineId: randomUUID() }),
      'record a quiz': () => ({ enrollmentId: randomUUID(), moduleId: randomUUID(), score: 80 }),
    };
    return bodies[call]?.() ?? {};
  };
  const withValue = (body: Record<string, unknown>, key: string, value: string) => {
    const [outer, inner] = key.split('.') as [string, string | undefined];
    return inner === undefined
      ? { ...body, [outer]: value }
      : { ...body, [outer]: { ...(body[outer] as object), [inner]: value } };
  };

  const cases = endpoints.flatMap(({ call, send: route, signedIn, fields }) =>
    fields.flatMap((field) =>
      hostile
        .filter(([, , problem]) => !(problem === 'line' && field.multiline === true))
        .map(([what, value, problem]) => ({
          name: `${call}: ${field.key} with ${what}`,
          call,
          route,
          signedIn,
          field,
          value,
          message: field.says[problem === 'line' ? 'control' : problem],
        })),
    ),
  );

  it.each(cases)('$name', async ({ call, route, signedIn, field, value, message }) => {
    const [method, path] = route(value);
    const body = method === 'GET' ? undefined : withValue(validBody(call), field.key, value);
    const answer = await send(method, path, signedIn === true ? member.token : undefined, body);
    expect([answer.status, answer.body]).toEqual([
      400,
      {
        success: false,
        code: 'REQUEST.INVALID',
        message,
        errors: { [field.key]: message },
      },
    ]);
  });

  it('refuses hostile text in a multipart post as in a JSON one', async () => {
    for (const [content, message] of [
      [
        'Hi\u0000',
        'Post content cannot contain control characters other than line breaks and tabs.',
      ],
      ['Hi\u202Eereht', 'Post content cannot contain characters that change the text direction.'],
      ['\u200B\u3164', 'A post needs some visible text.'],
    ] as const) {
      const form = new FormData();
      form.append('content', content);
      form.append('categoryId', categoryId);
      const answer = await send('POST', '/community/create-post', member.token, form);
      expect([answer.status, answer.body.errors]).toEqual([400, { content: message }]);
    }
  });

  it('refuses a control character in a password, and takes any other password as typed', async () => {
    const control = await send('POST', '/users/login', undefined, {
      email: email(),
      password: 'tide\u0000lantern',
    });
    expect([control.status, control.body.errors]).toEqual([
      400,
      { password: 'Password cannot contain line breaks, tabs or other control characters.' },
    ]);
    // A password is never shown, so hidden and direction characters in one are the member's
    // business: signing in with one is a wrong password, not a refused request.
    const hidden = await send('POST', '/users/login', undefined, {
      email: email(),
      password: '\u202E\u200B \u3164 \u2800',
    });
    expect(hidden.status).toBe(401);
    const signUpWith = await send('POST', '/users/verify-account', undefined, {
      ...signUp(),
      password: 'tide\tlantern',
    });
    expect([signUpWith.status, signUpWith.body.errors]).toEqual([
      400,
      { password: 'Password cannot contain line breaks, tabs or other control characters.' },
    ]);
  });

  it('keeps line breaks and tabs in a post, as written', async () => {
    const content = 'First line\n\tindented\r\nlast line';
    const created = await send('POST', '/community/create-post', member.token, {
      content: `  ${content}\n`,
      categoryId,
    });
    expect([created.status, created.body.data.content]).toEqual([201, content]);
    const form = new FormData();
    form.append('content', content);
    form.append('categoryId', categoryId);
    const multipart = await send('POST', '/community/create-post', member.token, form);
    // A form sends its line breaks as CRLF (the HTML form encoding), and they are kept so.
    expect([multipart.status, multipart.body.data.content]).toEqual([
      201,
      content.replace(/\r?\n/g, '\r\n'),
    ]);
  });

  it('keeps line breaks and tabs in a report reason', async () => {
    const answer = await send('POST', '/community/report-post', member.token, {
      postId,
      reason: 'Spam:\n\t- links\n\t- repeated',
    });
    expect([answer.status, answer.body.success]).toEqual([200, true]);
  });

  it('lets a loan description hold line breaks and tabs', async () => {
    const answer = await send('POST', '/microlending/request', member.token, {
      ...loan(),
      description: 'Seeds:\n\t- maize\n\t- beans',
    });
    // Past validation, the request fails only on what it says: this wallet is not linked.
    expect([answer.status, answer.body.code]).toEqual([403, 'LOAN.WALLET_NOT_LINKED']);
  });

  it('keeps a profile with right-to-left text and its direction marks', async () => {
    const answer = await send('POST', '/users/edit-profile', member.token, {
      ...profile(),
      fullname: 'مريم\u200F Ada',
      occupation: 'Zoë’s café',
    });
    expect(answer.status).toBe(200);
  });

  it('answers ids in the path that hold a NUL as naming nothing, never a 500', async () => {
    const nul = encodeURIComponent('a\u0000b');
    const paths = [
      ['GET', `/community/feed/${nul}`],
      ['GET', `/academy/courses/${nul}`],
      ['GET', `/academy/enrolled/details/${member.id}/${nul}`],
      ['GET', `/academy/progress/${member.id}/${nul}`],
      ['GET', `/microlending/requests/${nul}`],
      ['POST', `/microlending/requests/${nul}/cancel`],
      ['DELETE', `/wallets/${nul}`],
      ['GET', `/uploads/${nul}/${nul}.png`],
    ] as const;
    const answers = [];
    for (const [method, path] of paths) {
      answers.push(`${method} ${path} ${(await send(method, path, member.token)).status}`);
    }
    // Ids are uuids, addresses or stored names, not text: anything else names nothing (the
    // details of a course never enrolled in are an empty list).
    expect(answers).toEqual(
      paths.map(([method, path]) => `${method} ${path} ${path.includes('details') ? 200 : 404}`),
    );
  });

  it('answers 400, not 500, when text Postgres cannot store slips past every schema', async () => {
    const dataSource = app.get(DataSource);
    const refusals = await Promise.all([
      dataSource.query('SELECT $1::text', ['a\u0000b']).catch((error: unknown) => error),
      dataSource.query('SELECT $1::jsonb', ['"a\\u0000b"']).catch((error: unknown) => error),
    ]);
    for (const refusal of refusals) {
      const sent: { status?: number; body?: unknown } = {};
      // What the filter's answer (answer-head.ts sendJson) uses of a response.
      const response = {
        req: { method: 'POST' },
        getHeaderNames: () => [],
        writeHead: (status: number) => ((sent.status = status), response),
        end: (json: string) => ((sent.body = JSON.parse(json) as unknown), response),
      };
      const host = {
        switchToHttp: () => ({ getResponse: () => response }),
      } as unknown as ArgumentsHost;
      new ExceptionsFilter().catch(refusal, host);
      expect(sent).toEqual({
        status: 400,
        body: {
          success: false,
          code: 'REQUEST.INVALID',
          message:
            'The request holds a character that is not allowed in text (such as a NUL byte).',
        },
      });
    }
  });
});
