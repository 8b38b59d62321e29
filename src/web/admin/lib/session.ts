/**
 * The signed-in staff member (GET /api/v1/admin/auth/session), shared by every page:
 * null when signed out (the app shows the sign-in page), and whether they may do what a
 * page offers.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { can, type Permission, type StaffView } from '../../../domain/staff.ts';
import { adminApi, ApiError } from './admin-api.ts';

export const SESSION_KEY = ['admin', 'session'] as const;

async function fetchSession(): Promise<StaffView | null> {
  try {
    return (await adminApi<{ staff: StaffView }>('GET', '/auth/session')).staff;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSessionQuery() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

/** Forget the session (after signing out, or when a request answers 401). */
export function useSetSession() {
  const client = useQueryClient();
  return (staff: StaffView | null) => client.setQueryData(SESSION_KEY, staff);
}

export const StaffContext = createContext<StaffView | null>(null);

/** The signed-in staff member (inside the signed-in app only). */
export function useStaff(): StaffView {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the signed-in back office');
  return staff;
}

/** Whether the signed-in staff member's role holds `permission`. */
export function useCan(permission: Permission): boolean {
  return can(useStaff().role, permission);
}
