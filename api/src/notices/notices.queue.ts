/**
 * The queue of loan notices (delayed mails about a member's loans). Named here, before its
 * module, so the queue dashboard and the metrics can list it beside `chain-events` and `mail`.
 */
export const NOTICES_QUEUE = 'loan-notices';
