/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The frame every email shares (ADR 072): the Everbloom name in the brand green, a white
 * card on the storefront's cream, headings in the display serif, and the same footer.
 * Plus the few pieces the templates build from — a paragraph, a list, a button-like
 * link, a table of label and amount — so each template holds only its own words.
 */
import type * as ReactEmail from '@react-email/components';
import type { ReactNode } from 'react';
import { colour, font } from './theme.ts';

/**
 * React Email's components, loaded on first use (ADR 072): `@react-email/components`
 * loads every component it has (Tailwind, Markdown, code blocks…), about a second of a
 * process's start, so nothing imports it at start. `renderEmail` awaits
 * `loadEmailComponents()` before it renders; the pieces below read them when they render.
 */
let components: typeof ReactEmail | undefined;
let loading: Promise<typeof ReactEmail> | undefined;

/** Loads React Email's components (once per process; later calls answer at once). */
export async function loadEmailComponents(): Promise<void> {
  loading ??= import('@react-email/components');
  try {
    components ??= await loading;
  } catch (error) {
    loading = undefined; // a later email tries again
    throw error;
  }
}

function ui(): typeof ReactEmail {
  if (!components) {
    throw new Error('React Email components not loaded: render emails with renderEmail()');
  }
  return components;
}

export function EmailLayout(props: { preview: string; heading: string; children: ReactNode }) {
  const { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } = ui();
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colour.bg, fontFamily: font.body, color: colour.text }}>
        <Container style={{ maxWidth: '600px', margin: '0 auto', padding: '24px 12px' }}>
          <Text
            style={{
              fontFamily: font.display,
              fontSize: '26px',
              color: colour.brand,
              margin: '0 0 16px',
            }}
          >
            Everbloom
          </Text>
          <Section
            style={{
              backgroundColor: colour.surface,
              border: `1px solid ${colour.border}`,
              borderRadius: '8px',
              padding: '24px',
            }}
          >
            <Heading
              as="h1"
              style={{
                fontFamily: font.display,
                fontSize: '24px',
                lineHeight: '32px',
                color: colour.text,
                margin: '0 0 16px',
              }}
            >
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={{ borderColor: colour.border, margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '13px', lineHeight: '20px', color: colour.textMuted }}>
            Everbloom: artificial plants and flowers that last. You are receiving this email about
            something you did at the Everbloom shop.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function SubHeading(props: { children: ReactNode }) {
  const { Heading } = ui();
  return (
    <Heading
      as="h2"
      style={{
        fontFamily: font.display,
        fontSize: '18px',
        color: colour.text,
        margin: '24px 0 8px',
      }}
    >
      {props.children}
    </Heading>
  );
}

export function Paragraph(props: { children: ReactNode; muted?: boolean }) {
  const { Text } = ui();
  return (
    <Text
      style={{
        fontSize: '16px',
        lineHeight: '24px',
        margin: '0 0 12px',
        color: props.muted ? colour.textMuted : colour.text,
      }}
    >
      {props.children}
    </Text>
  );
}

/** A bulleted list of text lines. */
export function Lines(props: { lines: string[] }) {
  return (
    <ul style={{ margin: '0 0 12px', paddingLeft: '20px', fontSize: '16px', lineHeight: '24px' }}>
      {props.lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

/** Lines kept together, one under another (an address). */
export function Block(props: { lines: string[] }) {
  const { Text } = ui();
  return (
    <Text style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' }}>
      {props.lines.map((line, index) => (
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </Text>
  );
}

/** The email's main action, drawn as the storefront's primary button. */
export function ActionButton(props: { href: string; children: string }) {
  const { Button, Section } = ui();
  return (
    <Section style={{ margin: '24px 0 8px' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: colour.brand,
          color: '#ffffff',
          borderRadius: '8px',
          padding: '12px 20px',
          fontSize: '16px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

export function TextLink(props: { href: string; children: string }) {
  const { Link } = ui();
  return (
    <Link href={props.href} style={{ color: colour.brand, textDecoration: 'underline' }}>
      {props.children}
    </Link>
  );
}

/** Rows of label and amount, the last one (a total) in bold when `total` is set. */
export function AmountTable(props: {
  rows: { label: string; amount: string; strong?: boolean }[];
}) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: '100%', borderCollapse: 'collapse', fontSize: '16px', lineHeight: '28px' }}
    >
      <tbody>
        {props.rows.map((row, index) => (
          <tr key={index} style={{ fontWeight: row.strong ? 700 : 400 }}>
            <th style={{ textAlign: 'left', fontWeight: 'inherit' }}>{row.label}</th>
            <td style={{ textAlign: 'right' }}>{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
