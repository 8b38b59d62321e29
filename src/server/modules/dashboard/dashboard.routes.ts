/** GET /admin/dashboard (permission `dashboard.read`): the dashboard's figures (ADR 049). */
import type { FastifyInstance } from 'fastify';
import { dashboardSchema } from '../../../domain/api/admin-audit.ts';
import { data } from '../../../domain/api/replies.ts';
import { openapi } from '../../http/openapi.ts';
import type { DashboardService } from './dashboard.service.ts';

const figures = openapi({
  summary:
    'Today’s paid orders and takings, orders awaiting dispatch, pre-orders now in stock, refunds pending, low stock',
  permission: 'dashboard.read',
  replies: { 200: data(dashboardSchema) },
});

export function dashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService }) {
  app.get('/admin/dashboard', figures, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ data: await deps.dashboard.figures() }),
  );
}
