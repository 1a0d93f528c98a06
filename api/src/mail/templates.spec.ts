import { render } from './templates';

describe(render.name, () => {
  it('puts the code in the subject, the text and the HTML', () => {
    const mail = render({ name: 'sign-up-code', code: '042917' });
    expect(mail.subject).toContain('042917');
    expect(mail.text).toContain('042917');
    expect(mail.html).toContain('042917');
    expect(mail.text).toContain('expires in 10 minutes');
  });

  it('escapes what members wrote', () => {
    const mail = render({ name: 'password-changed', fullname: '<script>alert(1)</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});
