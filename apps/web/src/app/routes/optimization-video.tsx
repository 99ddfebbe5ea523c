import { useParams } from 'react-router';
import { VideoEditorScreen } from '../../features/optimization/editor/video-editor-screen.tsx';

/** The video editor (/optimization/videos/:videoId) for a video of the active channel. */
export default function OptimizationVideoPage() {
  const { videoId = '' } = useParams();
  return <VideoEditorScreen videoId={videoId} />;
}
