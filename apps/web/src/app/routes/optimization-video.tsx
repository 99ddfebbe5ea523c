/** The video editor (optimization/videos/:videoId); replaced by the editor's page. */
export default function OptimizationVideoPage() {
  return null;
}
