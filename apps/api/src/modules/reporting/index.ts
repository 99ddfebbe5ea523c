/** The reporting module's public surface: the overview of organic search performance and its monetary value. */
export { registerReportingRoutes } from './reporting.routes.ts';
export { ReportingRepository } from './reporting.repository.ts';
export { ReportingService } from './reporting.service.ts';
export {
  DEFAULT_COST_PER_VIEW,
  defaultCostPerView,
  WORLDWIDE_COST_PER_VIEW,
} from './cost-per-view.ts';
