import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../lib/browser.ts';
import { api, errorBody, handle } from '../../../testing/server.ts';
import { requestsOf, resetEditorApi } from './testing/editor-server.ts';
import { renderEditor } from './testing/render-editor.tsx';
import { renderWithProviders } from '../../../testing/render-app.tsx';
import { VideoEditorScreen } from './video-editor-screen.tsx';
import { unsavedEditKey } from './unsaved-edit.ts';

// Whole-editor tests type into real fields: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 40_000 });

beforeEach(() => resetEditorApi());

const ORIGINAL = 'How to bake sourdough bread';

async function loaded() {
  const input = await screen.findByRole('textbox', { name: 'Title' });
  await waitFor(() =>
    expect(screen.queryByRole('progressbar', { name: 'Loading recommendations' })).toBeNull(),
  );
  return input;
}

// The editor may show Publish more than once (e.g. a compact bar on phones): the first will do.
const publishButton = () => screen.getAllByRole('button', { name: 'Publish' })[0]!;

const storedKeys = () =>
  Object.keys(localStorage).filter((k) => k.startsWith('tubewise:unsaved-edit:'));

describe('unsaved changes', () => {
  it('survive leaving the editor: restored with a notice when it opens again', async () => {
    const first = renderEditor();
    const user = userEvent.setup();
    await user.type(await loaded(), '!');
    await waitFor(() => expect(storedKeys()).toHaveLength(1));
    expect(storedKeys()[0]).toBe(
      unsavedEditKey({ userId: api.user!.id, channelId: 'ch-1', videoId: 'vid-1' }),
    );
    first.unmount();

    // The same person opens the editor again (renderEditor would sign in someone new).
    const channel = api.myChannels[0]!;
    renderWithProviders(<VideoEditorScreen videoId="vid-1" />, '/optimization/videos/vid-1', {
      user: api.user!,
      channels: { myChannels: [channel], invitedTo: [] },
    });
    const title = await loaded();
    expect(await screen.findByText('Unsaved changes restored')).toBeInTheDocument();
    expect(title).toHaveValue(`${ORIGINAL}!`);
    expect(publishButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(title).toHaveValue(ORIGINAL);
    expect(screen.queryByText('Unsaved changes restored')).toBeNull();
    await waitFor(() => expect(storedKeys()).toHaveLength(0));
  });

  it('are forgotten once published', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.type(await loaded(), '!');
    await waitFor(() => expect(storedKeys()).toHaveLength(1));
    await user.click(publishButton());
    expect(await screen.findByText(/Published the title to YouTube/)).toBeInTheDocument();
    await waitFor(() => expect(storedKeys()).toHaveLength(0));
  });

  it('are forgotten once saved as a draft', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.type(await loaded(), '!');
    await waitFor(() => expect(storedKeys()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(storedKeys()).toHaveLength(0));
  });
});

describe('the "needs to be reconnected" alert', () => {
  it('reconnects the channel and comes back to this editor', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderEditor('vid-1', [
      handle('publish', () => ({
        status: 403,
        body: errorBody('invalid-grant', 'Reconnect the channel.'),
      })),
    ]);
    const user = userEvent.setup();
    const title = await loaded();
    await user.type(title, '!');
    await user.click(publishButton());
    const alert = (await screen.findByText('The channel needs to be reconnected')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('Your changes stay here while you reconnect.');
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(api.authUrl));
    expect(requestsOf('youtubeAuthUrl').at(-1)?.query).toEqual({
      user_id: api.user!.id,
      reconnect: 'true',
      first_channel: 'false',
      channel_id: 'ch-1',
      return_to: '/optimization/videos/vid-1',
    });
    // The edit waits in the browser for the way back.
    expect(storedKeys()).toHaveLength(1);
    expect(title).toHaveValue(`${ORIGINAL}!`);
  });
});
