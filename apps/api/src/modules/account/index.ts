/** The account module's public surface: exports of everything an account holds, and deletion. */
export {
  AccountDeletionService,
  DELETED_PERSON_NAME,
  type AccountBilling,
} from './account-deletion.service.ts';
export {
  ACCOUNT_EXPORT_LIMIT,
  AccountExportService,
  EXPORT_ARCHIVE_ROUTE,
  exportArchivePath,
} from './account-export.service.ts';
export { registerAccountRoutes } from './account.routes.ts';
