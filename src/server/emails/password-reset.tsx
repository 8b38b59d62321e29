/** @jsxRuntime automatic @jsxImportSource react */
/** The password reset email: a single-use link, valid for an hour. */
import { ActionButton, EmailLayout, Paragraph } from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface PasswordResetProps {
  firstName: string;
  link: string;
}

export const passwordReset: EmailTemplate<PasswordResetProps> = {
  id: 'password-reset',
  name: 'Password reset',
  description: 'When someone asks to reset the password of an account that exists.',
  subject: () => 'Reset your Everbloom password',
  Html: (p) => (
    <EmailLayout preview="Choose a new password within the hour" heading="Reset your password">
      <Paragraph>{`Hello ${p.firstName},`}</Paragraph>
      <Paragraph>
        We received a request to reset your Everbloom password. Use this link within the next hour
        to choose a new one:
      </Paragraph>
      <ActionButton href={p.link}>Choose a new password</ActionButton>
      <Paragraph muted>
        If you did not ask for this, you can ignore this email: your password will not change.
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `Hello ${p.firstName},`,
      '',
      'We received a request to reset your Everbloom password. Use this link within the next hour to choose a new one:',
      '',
      p.link,
      '',
      'If you did not ask for this, you can ignore this email: your password will not change.',
      '',
      'Everbloom',
    ]),
  sample: {
    firstName: 'Ada <Countess>',
    link: 'https://www.everbloom.example/login/reset-password?token=sample',
  },
};
