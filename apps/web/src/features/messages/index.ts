// The messages feature's door: the only file other code imports from it.
/** For the office's menu and the driver's tab bar: the unread count, as a number and as a badge. */
export { useUnreadMessages } from './hooks/use-unread.ts';
export { UnreadBadge } from './components/unread-badge.tsx';
/** For the fleet page's vehicle details: opens that vehicle's conversation. */
export { VehicleMessagesButton, messagesPath } from './components/vehicle-messages-button.tsx';
/** Cache keys (a sign-out drops them with every session cache). */
export { messageKeys } from './api/messages-api.ts';
/** The msg page (office: every conversation; cab: the assigned vehicle's), loaded when first opened. */
export const loadMessagesPage = () => import('./pages/msg-page.tsx');
