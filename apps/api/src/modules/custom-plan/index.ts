/** The custom-plan module's public surface: requests for a plan larger than the catalogue's. */
export { registerCustomPlanRoutes } from './custom-plan.routes.ts';
export { CUSTOM_PLAN_LIMITS, CustomPlanService } from './custom-plan.service.ts';
