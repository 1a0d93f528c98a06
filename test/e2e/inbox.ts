/** The local mail inbox (MailDev) as the suites read it: the codes the API mailed. */
interface Mail {
  subject: string;
  to: { address: string }[];
  /** When MailDev received it. */
  time: string;
}

/**
 * The 6-digit code of the newest mail to `address` whose subject names `kind`, sent after
 * `since`; waits for it, as a member waits for the mail to arrive.
 */
export async function codeFromInbox(
  inboxUrl: string,
  address: string,
  kind: 'verification' | 'password reset',
  since: Date,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await fetch(`${inboxUrl}/api/email`)).json()) as Mail[];
    const mail = mails
      .filter(
        (candidate) =>
          candidate.to.some((to) => to.address.toLowerCase() === address.toLowerCase()) &&
          candidate.subject.includes(`${kind} code`) &&
          new Date(candidate.time) >= since,
      )
      .at(-1);
    const code = mail?.subject.match(/(\d{6})\s*$/)?.[1];
    if (code !== undefined) {
      return code;
    }
    if (Date.now() > deadline) {
      throw new Error(`no ${kind} code reached ${address} within 15 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
