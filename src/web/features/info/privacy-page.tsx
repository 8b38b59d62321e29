import { InfoPage } from './info-page.tsx';

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy notice" updated="1 November 2026">
      <section>
        <h2>Who we are</h2>
        <p>
          Everbloom Ltd is the data controller for personal information collected through this
          website. You can contact our data protection lead at privacy@everbloom.example.
        </p>
      </section>
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            Your name, email address, telephone numbers and delivery and billing addresses when you
            order.
          </li>
          <li>Your account details and saved addresses if you register.</li>
          <li>
            Payment details are entered into our payment provider’s secure fields: we never see or
            store your full card number.
          </li>
          <li>What is in your basket, kept with a cookie so it is there when you come back.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To take and deliver your order, to tell you about its progress, to prevent fraud, to keep
          our accounts and, if you agree, to send you offers. The law allows us to do this to
          perform our contract with you, to meet legal obligations and for our legitimate interests.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          We use a basket cookie that is essential for the shop to work, a sign-in cookie when you
          log in, and a cookie remembering which product lists you clicked from, which helps us
          improve the shop.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          Order records are kept for six years for tax purposes. Baskets that are not turned into
          orders are deleted after 90 days.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can ask for a copy of your information, ask us to correct or delete it, or object to
          how we use it. You can complain to the Information Commissioner’s Office (ico.org.uk).
        </p>
      </section>
    </InfoPage>
  );
}
