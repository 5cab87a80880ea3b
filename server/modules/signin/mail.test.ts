import { describe, expect, it } from 'vitest';
import { linkMail } from './mail';

describe('linkMail', () => {
  const mail = linkMail({
    to: 'ana@example.com',
    lang: 'pt-BR',
    subject: 'Escolha uma nova senha para o Blockspin Market',
    greeting: 'Olá, ana_<1>,',
    before: 'Abra este link para escolher uma nova:',
    link: 'https://market.example/reset-password?token=a&username=ana',
    after: 'O link funciona uma única vez.',
  });

  it('writes the text as the server always has: paragraphs and the link apart, one blank line between', () => {
    expect(mail.text).toBe(
      'Olá, ana_<1>,\n\nAbra este link para escolher uma nova:\n\nhttps://market.example/reset-password?token=a&username=ana\n\nO link funciona uma única vez.\n',
    );
  });

  it('writes the same paragraphs as HTML in the mail’s language, escaped, the link a link', () => {
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain('<p>Olá, ana_&lt;1&gt;,</p>');
    expect(mail.html).toContain(
      '<p><a href="https://market.example/reset-password?token=a&amp;username=ana">https://market.example/reset-password?token=a&amp;username=ana</a></p>',
    );
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: 'Escolha uma nova senha para o Blockspin Market' });
  });
});
