import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The loading spinner shown in place of page content. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
        width: '100%',
      }}
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
