import { useState } from 'react';
import Box from '@mui/material/Box';

/** Shown when a channel has no thumbnail or it fails to load. */
export const CHANNEL_PLACEHOLDER_SRC = `${import.meta.env.BASE_URL}channel-placeholder.svg`;

/** A round channel thumbnail that falls back to the placeholder image. Decorative (alt=""). */
export function ChannelThumbnail({ src, size = 32 }: { src: string | undefined; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && failedSrc !== src ? src : CHANNEL_PLACEHOLDER_SRC;
  return (
    <Box
      component="img"
      src={usable}
      alt=""
      width={size}
      height={size}
      data-testid="channel-thumbnail"
      referrerPolicy="no-referrer"
      onError={() => {
        if (src) setFailedSrc(src);
      }}
      sx={{ borderRadius: '50%', objectFit: 'cover', flexShrink: 0, bgcolor: 'grey.100' }}
    />
  );
}
