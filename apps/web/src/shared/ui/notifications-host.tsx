// The notifications' container and its styles, in a chunk of their own: loaded the first time a
// notification is shown (app/providers.tsx), not with the login page.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

export default Notifications;
