import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChannelPicker } from './channel-picker.tsx';
import { CHANNEL_PLACEHOLDER_SRC } from './channel-thumbnail.tsx';
import { buildChannels } from '../../../testing/data.ts';

function setup(count: number, activeIndex = 0) {
  const channels = buildChannels(count);
  const onChoose = vi.fn();
  render(
    <ChannelPicker
      channels={channels}
      activeChannel={channels[activeIndex] ?? null}
      onChoose={onChoose}
    />,
  );
  return { channels, onChoose, user: userEvent.setup() };
}

const openPicker = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /choose channel/i }));
  return screen.findByRole('menu', { name: 'Channels' });
};

describe('ChannelPicker', () => {
  it('shows the active channel on its button', () => {
    setup(3, 1);
    const button = screen.getByRole('button', { name: /choose channel/i });
    expect(button).toHaveTextContent('Channel 2');
  });

  it('has an accessible name that starts with its visible text (WCAG 2.5.3)', () => {
    setup(3, 1);
    const button = screen.getByRole('button', { name: /choose channel/i });
    expect(button).toHaveAccessibleName('Channel 2, choose channel');
    expect(button.textContent).toBe('Channel 2');
  });

  it('names the button by its text when no channel is connected', () => {
    render(<ChannelPicker channels={[]} activeChannel={null} onChoose={vi.fn()} />);
    const button = screen.getByRole('button', { name: /choose channel/i });
    expect(button).toHaveTextContent('No channel connected');
    expect(button).toHaveAccessibleName('No channel connected, choose channel');
  });

  it('lists the channels with thumbnails and no filter below 7 channels', async () => {
    const { user } = setup(6);
    const menu = await openPicker(user);
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(6);
    expect(within(menu).getAllByTestId('channel-thumbnail')).toHaveLength(6);
    expect(screen.queryByPlaceholderText('Filter channels')).not.toBeInTheDocument();
    expect(screen.queryByText('Filter Channels')).not.toBeInTheDocument();
  });

  it('offers a filter from 7 channels, with the spec texts', async () => {
    const { user } = setup(7);
    await openPicker(user);
    const filter = screen.getByRole('textbox', { name: 'Filter Channels' });
    expect(filter).toHaveAttribute('placeholder', 'Filter channels');
    expect(screen.getByRole('heading', { name: 'Filter Channels' })).toBeInTheDocument();

    await user.type(filter, 'channel 7');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Channel 7']);

    await user.clear(filter);
    await user.type(filter, 'zzz');
    expect(screen.queryAllByRole('menuitem')).toHaveLength(0);
    expect(screen.getByText('No channels found')).toBeInTheDocument();
  });

  it('clears the filter every time it opens', async () => {
    const { user } = setup(8);
    await openPicker(user);
    await user.type(screen.getByRole('textbox', { name: 'Filter Channels' }), 'Channel 3');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await openPicker(user);
    expect(screen.getByRole('textbox', { name: 'Filter Channels' })).toHaveValue('');
    expect(screen.getAllByRole('menuitem')).toHaveLength(8);
  });

  it('closes on Escape without choosing', async () => {
    const { user, onChoose } = setup(3);
    await openPicker(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('closes on an outside click', async () => {
    const { user } = setup(3);
    await openPicker(user);
    const backdrop = document.querySelector('.MuiBackdrop-root, .MuiModal-backdrop');
    expect(backdrop).not.toBeNull();
    fireEvent.click(backdrop!);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('chooses a channel and closes', async () => {
    const { user, onChoose } = setup(3);
    const menu = await openPicker(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Channel 3/ }));
    expect(onChoose).toHaveBeenCalledWith('ch-3');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('replaces a thumbnail that fails to load with the placeholder', async () => {
    const { user } = setup(2);
    const menu = await openPicker(user);
    const [first] = within(menu).getAllByTestId('channel-thumbnail');
    expect(first?.getAttribute('src')).toMatch(/^https:\/\/img\.example\.com\//);
    fireEvent.error(first!);
    expect(first).toHaveAttribute('src', CHANNEL_PLACEHOLDER_SRC);
    expect(CHANNEL_PLACEHOLDER_SRC).toMatch(/channel-placeholder\.svg$/);
  });
});
