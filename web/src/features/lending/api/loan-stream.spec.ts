import { createEventParser } from './loan-stream';

describe(createEventParser.name, () => {
  it('reads named events and skips comments (the keep-alive pings)', () => {
    const parse = createEventParser();
    expect(parse(': ping\n\nretry: 2000\n\nevent: loan\ndata: {"_id":"a"}\n\n')).toEqual([
      { event: 'loan', data: '{"_id":"a"}' },
    ]);
  });

  it('keeps an event split across chunks until it is complete', () => {
    const parse = createEventParser();
    expect(parse('event: lo')).toEqual([]);
    expect(parse('an\r\ndata: {"status":')).toEqual([]);
    expect(parse('"funded"}\r\n\r\nevent: loan\ndata: x\n\n')).toEqual([
      { event: 'loan', data: '{"status":"funded"}' },
      { event: 'loan', data: 'x' },
    ]);
  });
});
