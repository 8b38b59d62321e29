/**
 * /account/settings: the customer's name, their newsletter, basket reminder and price preferences,
 * changing their password, and their data: download it or erase it (UK GDPR, ADR 066).
 */
import { usePageTitle } from '../../lib/page-title.ts';
import { useAccountUser } from './account-layout.tsx';
import { PasswordForm } from './password-form.tsx';
import { PersonalForm } from './personal-form.tsx';
import { BasketRemindersPreference, NewsletterPreference, TaxPreference } from './preferences.tsx';
import { DataErase, DataExport } from './your-data.tsx';

export function SettingsPage() {
  usePageTitle('Details and preferences');
  const user = useAccountUser();
  return (
    <>
      <h1 className="account-page__heading">Details and preferences</h1>
      <div className="account-page__grid">
        <section className="account-card" aria-labelledby="account-personal">
          <h2 id="account-personal" className="account-card__heading">
            Your name
          </h2>
          <PersonalForm user={user} />
        </section>
        <section className="account-card" aria-labelledby="account-preferences">
          <h2 id="account-preferences" className="account-card__heading">
            Preferences
          </h2>
          <div className="account-preferences">
            <NewsletterPreference user={user} />
            <BasketRemindersPreference user={user} />
            <TaxPreference user={user} />
          </div>
        </section>
        <section className="account-card" aria-labelledby="account-password">
          <h2 id="account-password" className="account-card__heading">
            Password
          </h2>
          <PasswordForm />
        </section>
        <section className="account-card" aria-labelledby="account-data">
          <h2 id="account-data" className="account-card__heading">
            Your data
          </h2>
          <DataExport />
          <DataErase />
        </section>
      </div>
    </>
  );
}
