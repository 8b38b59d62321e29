/**
 * /login and /login/reset-password as one lazily loaded chunk: they share the
 * password field, captcha and styles, and one chunk keeps the entry's list of
 * route files (and so the home page's first download) short.
 */
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from './login-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

export function LoginRoutes() {
  return (
    <Routes>
      <Route index element={<LoginPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
