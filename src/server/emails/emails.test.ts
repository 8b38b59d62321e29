import { describe, expect, it } from 'vitest';
import { EMAILS, emailById } from './catalogue.ts';
import { orderConfirmation } from './order-confirmation.tsx';
import { passwordReset } from './password-reset.tsx';
import { renderEmail } from './template.ts';
import { colour } from './theme.ts';

describe('the email templates', () => {
  it('have unique kebab-case ids', () => {
    const ids = EMAILS.map((email) => email.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(emailById('dispatch')?.name).toBe('Dispatch');
    expect(emailById('nope')).toBeUndefined();
  });

  it.each(EMAILS.map((email) => [email.id, email] as const))(
    '%s renders HTML in the shop’s look and a plain-text part from its sample',
    async (_id, email) => {
      const message = await email.sample('staff@example.com');
      expect(message.to).toBe('staff@example.com');
      expect(message.subject.length).toBeGreaterThan(5);
      expect(message.html).toMatch(/^<!DOCTYPE html/);
      expect(message.html).toContain('lang="en-GB"');
      expect(message.html).toContain('>Everbloom</p>');
      expect(message.html).toContain(colour.brand);
      expect(message.html).toContain('Georgia');
      // The text part is text: no tags, no entities, and not blank.
      expect(message.text).not.toMatch(/<\/?(p|a|li|ul|h1|h2|br|table|tr|td|span|strong|div)\b/);
      expect(message.text).not.toMatch(/&(amp|lt|gt|quot);/);
      expect(message.text.split('\n').length).toBeGreaterThan(3);
      // Every sample carries markup in a name; it must come out escaped, never as a tag.
      expect(message.text).toMatch(/<[A-Z][a-z]+/);
      expect(message.html).not.toMatch(/<(Deluxe|Medley|Countess|Before|Lilac)/);
      expect(message.html).toMatch(/&lt;(Deluxe|Medley|Countess|Before|Lilac)/);
    },
  );

  it('escapes markup in a product or customer name in the HTML and keeps it literal in the text', async () => {
    const name = '<img src=x onerror=alert(1)> "Hopper" & Co</b>';
    const message = await renderEmail(
      orderConfirmation,
      {
        ...orderConfirmation.sample,
        items: [`1 × ${name}: £5.00`],
        address: [`Mrs ${name}`, 'SW1A 2AA'],
        safePlace: '<script>alert(1)</script>',
      },
      'ada@example.com',
    );
    expect(message.html).not.toContain('<img src=x');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain(
      '&lt;img src=x onerror=alert(1)&gt; &quot;Hopper&quot; &amp; Co&lt;/b&gt;',
    );
    expect(message.html).toContain('Safe place: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.text).toContain(`- 1 × ${name}: £5.00`);
    expect(message.text).toContain(`Mrs ${name}\nSW1A 2AA`);
    expect(message.text).toContain('Safe place: <script>alert(1)</script>');

    const reset = await renderEmail(
      passwordReset,
      { firstName: '<b>Ada</b>', link: 'https://shop.test/r?token=a&b="c"' },
      'ada@example.com',
    );
    expect(reset.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
    expect(reset.html).toContain('href="https://shop.test/r?token=a&amp;b=&quot;c&quot;"');
    expect(reset.text).toContain('Hello <b>Ada</b>,');
    expect(reset.text).toContain('https://shop.test/r?token=a&b="c"');
  });

  it('writes the order confirmation’s text part line by line', async () => {
    const message = await renderEmail(orderConfirmation, orderConfirmation.sample, 'a@b.test');
    expect(message.subject).toBe('Your Everbloom order EB-7K3M9QX2');
    expect(message.text).toContain(
      'Delivery address:\nMrs Ada Lovelace\n10 Downing Street\nLondon\nGreater London\nSW1A 2AA\nUnited Kingdom\nSafe place: Behind the side gate\n',
    );
    expect(message.text).toContain('Total: £130.47');
    expect(message.text).toMatch(/View your order: https:\/\/\S+$/);
    expect(message.html).toMatch(
      /<a href="https:\/\/www.everbloom.example\/orders\/sample\?key=preview"[^>]*>.*View your order<\/span>/,
    );
  });
});
