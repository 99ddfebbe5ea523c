import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Template } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Cache key of a channel's description templates. */
export const templatesQueryKey = (channelId: string) =>
  [...userQueryKey, 'templates', channelId] as const;

/** What a template save sends. */
export interface TemplateInput {
  title: string;
  content: string;
}

/** Loads a channel's description templates, newest first. */
export async function getTemplates(channelId: string): Promise<Template[]> {
  return (await apiRequest('templates', { params: { id: channelId } })).items;
}

/** Query options of a channel's templates. */
export const templatesQueryOptions = (channelId: string) =>
  queryOptions({ queryKey: templatesQueryKey(channelId), queryFn: () => getTemplates(channelId) });

/** A channel's templates (disabled until the channel is known). */
export function useTemplates(channelId: string | undefined) {
  return useQuery({ ...templatesQueryOptions(channelId ?? ''), enabled: Boolean(channelId) });
}

/** Creates a template. */
export function createTemplate(channelId: string, input: TemplateInput): Promise<Template> {
  return apiRequest('createTemplate', { params: { id: channelId }, body: input });
}

/** Replaces a template. */
export function updateTemplate(
  channelId: string,
  templateId: string,
  input: TemplateInput,
): Promise<Template> {
  return apiRequest('updateTemplate', { params: { id: channelId, templateId }, body: input });
}

/** Deletes a template. */
export async function deleteTemplate(channelId: string, templateId: string): Promise<void> {
  await apiRequest('deleteTemplate', { params: { id: channelId, templateId } });
}
