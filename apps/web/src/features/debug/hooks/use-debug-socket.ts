import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FleetSocket, openSocket, SOCKET_TOKEN_ERROR } from '../../../shared/realtime/socket.ts';
import { frameLogReducer, initialFrameLog } from './frame-log.ts';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** How long the subscribe answer may take before the page says so. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

/**
 * The debugger's socket for one unit. Nothing connects until connect(); then the unit's recent
 * frames arrive, then live ones. The subscribe answer says clearly when the unit is not the user's
 * ('No such unit.'), which a plain connect with query uid would only show as silence.
 */
export function useDebugSocket(uid: number) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ConnectionStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [log, dispatch] = useReducer(frameLogReducer, initialFrameLog);
  const socketRef = useRef<FleetSocket | null>(null);

  const close = useCallback(() => {
    const socket = socketRef.current;
    // Forget it first: its own disconnect event must not touch the page any more.
    socketRef.current = null;
    socket?.disconnect();
  }, []);

  const disconnect = useCallback(() => {
    close();
    setStatus('idle');
  }, [close]);

  const connect = useCallback(() => {
    close();
    const socket = openSocket({ uid: String(uid) });
    if (!socket) return;
    socketRef.current = socket;
    const current = () => socketRef.current === socket;
    setError(null);
    setStatus('connecting');

    socket.on('connect', () => {
      if (!current()) return;
      setStatus('connected');
      setError(null);
      // Asked on every (re)connect: the server's subscription belongs to one connection.
      socket.timeout(SUBSCRIBE_TIMEOUT_MS).emit('debug:subscribe', uid, (timedOut, answer) => {
        if (!current()) return;
        if (timedOut) {
          setError(t('debugger.noAnswer'));
        } else if (answer.ok === 1) {
          dispatch({ type: 'add', frames: answer.frames });
        } else {
          setError(answer.message);
          close();
          setStatus('disconnected');
        }
      });
    });
    socket.on('debug:frame', (frame) => {
      if (current() && frame.uid === uid) dispatch({ type: 'add', frames: [frame] });
    });
    socket.on('session:ended', () => {
      if (current()) setError(t('debugger.sessionEnded'));
    });
    socket.on('disconnect', () => {
      if (current()) setStatus(socket.active ? 'reconnecting' : 'disconnected');
    });
    socket.on('connect_error', (e) => {
      if (!current()) return;
      if (socket.active) {
        // The client retries on its own (server restarting, network gone).
        setStatus((s) => (s === 'connecting' ? s : 'reconnecting'));
        setError(t('debugger.unreachable'));
        return;
      }
      setStatus('disconnected');
      setError(e.message === SOCKET_TOKEN_ERROR ? t('debugger.sessionEnded') : e.message);
    });
    socket.connect();
  }, [uid, t, close]);

  // Leaving the page closes the socket.
  useEffect(() => close, [close]);

  return {
    status,
    error,
    log,
    connect,
    disconnect,
    pause: () => dispatch({ type: 'pause' }),
    resume: () => dispatch({ type: 'resume' }),
    clear: () => dispatch({ type: 'clear' }),
  };
}
