import Box from '@mui/material/Box';

/** A channel's round thumbnail (decorative: the channel's name is always next to it). */
export function ChannelAvatar({ src, size = 40 }: { src: string; size?: number }) {
  if (!src)
    return (
      <Box
        sx={{ width: size, height: size, borderRadius: '50%', bgcolor: 'grey.200', flexShrink: 0 }}
      />
    );
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      sx={{ borderRadius: '50%', flexShrink: 0, objectFit: 'cover' }}
    />
  );
}
