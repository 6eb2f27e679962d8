// The site message feature's door: the only file other code imports from it.
export { siteMessageKeys } from './api/site-message-keys.ts';
/** For the shell: the bar above every signed-in page and the feed that keeps it live. */
export { SiteMessageBar } from './components/site-message-bar.tsx';
export { useSiteMessageFeed } from './hooks/use-site-message-feed.ts';
/** For the dashboard: the administrators' card to set the message. */
export { SiteMessageCard } from './components/site-message-card.tsx';
