// The video-platform emulator: Google OAuth 2.0 and the YouTube Data and Analytics APIs.
export {};
