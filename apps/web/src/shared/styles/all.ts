// Every Mantine component's styles and the notifications' (layered, like ./first-load.ts): imported by
// the signed-in shell, the signed-out frame and the public pages other than login, so each has them
// before it draws. The login page loads only ./first-load.ts.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
