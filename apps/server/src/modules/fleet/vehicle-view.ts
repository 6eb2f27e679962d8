import { formatLocation, toLocationCode, type VehicleUpdate } from '@fleet/shared';
import type { LiveStateRow, VehicleRow } from './fleet.repository.ts';

/** The live part of a vehicle as the spec's client reads it, from a unit_state row. */
export interface StateLike {
  lat: number;
  lon: number;
  speed: number;
  angle: number;
  ignition: boolean | null;
  deviceTime: Date;
  panic: boolean;
  pto1: boolean;
  pto2: boolean;
  /** An open panic or geofence alert. */
  alarm?: boolean;
}

const KMH_TO_MPH = 0.621371;

/**
 * The alarm flag is an open panic or geofence alert (the spec: a vehicle with a panic alert is
 * flagged as alarm; clearing a geofence alert sets it false). Speeds go out in mph (devices report km/h). A device without an ignition input (a phone running
 * the Traccar Client app) counts as "on" while it moves, so it reads as driving, not stopped.
 */
export function vehicleLive(s: StateLike) {
  return {
    lat: s.lat,
    lon: s.lon,
    speed: Math.round(s.speed * KMH_TO_MPH),
    ign: (s.ignition ?? s.speed > 0) ? 1 : 0,
    direction: s.angle,
    updated: s.deviceTime.toISOString(),
    vehiclealarm: s.alarm ?? s.panic,
    ptotrigger1: s.pto1 ? 1 : 0,
    ptotrigger2: s.pto2 ? 1 : 0,
  };
}

/** Location text of a position on a site: 'At {POI}' or the nearest town (places/place-finder.ts). */
export type Where = (lat: number, lon: number) => string;

const NEVER_REPORTED = { speed: 0, ign: 0, updated: null, lat: null, lon: null, direction: 0, ptotrigger1: 0, ptotrigger2: 0 } as const;

/**
 * One vehicle of the vehicles call. Written out as one literal of a fixed shape: built by spreading
 * objects together, 500 of them cost several milliseconds more and slowed every later step (issue 8).
 */
export function vehicleOfRow(v: VehicleRow, where: Where) {
  // A unit without a stored state has no position (lat is NOT NULL in unit_state).
  if (v.lat === null || v.lon === null) {
    return {
      unitid: v.id, unittype: v.unit_type_id, registration: v.registration, drivername: v.driver_name ?? '', vicon: v.vicon || v.type_icon, loc: '',
      lat: NEVER_REPORTED.lat, lon: NEVER_REPORTED.lon, speed: NEVER_REPORTED.speed, ign: NEVER_REPORTED.ign, direction: NEVER_REPORTED.direction,
      updated: NEVER_REPORTED.updated, vehiclealarm: v.alarm, ptotrigger1: NEVER_REPORTED.ptotrigger1, ptotrigger2: NEVER_REPORTED.ptotrigger2,
    };
  }
  const live = vehicleLive({
    lat: v.lat, lon: v.lon, speed: v.speed as number, angle: v.angle as number, ignition: v.ignition, deviceTime: new Date(v.device_ms as number),
    panic: v.panic as boolean, pto1: v.pto1 as boolean, pto2: v.pto2 as boolean, alarm: v.alarm,
  });
  return {
    unitid: v.id, unittype: v.unit_type_id, registration: v.registration, drivername: v.driver_name ?? '', vicon: v.vicon || v.type_icon,
    loc: formatLocation(toLocationCode(v.loc_code), where(v.lat, v.lon)),
    lat: live.lat, lon: live.lon, speed: live.speed, ign: live.ign, direction: live.direction, updated: live.updated,
    vehiclealarm: live.vehiclealarm, ptotrigger1: live.ptotrigger1, ptotrigger2: live.ptotrigger2,
  };
}

/** A live update from a unit's stored state: the same rules and location text (code prefix included) as the vehicles call. */
export function updateOfState(r: LiveStateRow, where: Where | undefined): VehicleUpdate {
  const live = vehicleLive({
    lat: r.lat, lon: r.lon, speed: r.speed, angle: r.angle, ignition: r.ignition, deviceTime: r.device_time,
    panic: r.panic, pto1: r.pto1, pto2: r.pto2, alarm: r.alarm,
  });
  const u: VehicleUpdate = {
    unitid: r.unit_id, lat: live.lat, lon: live.lon, speed: live.speed, ign: live.ign, direction: live.direction, updated: live.updated,
    vehiclealarm: live.vehiclealarm, ptotrigger1: live.ptotrigger1, ptotrigger2: live.ptotrigger2,
  };
  if (where) u.loc = formatLocation(toLocationCode(r.loc_code), where(r.lat, r.lon));
  return u;
}

/** What a live update needs of a committed position (the device link's LivePosition has it). */
export interface PositionLike {
  unitId: number; deviceTimeMs: number; lat: number; lon: number; speed: number; angle: number;
  ignition: boolean | null; panic: boolean; pto1: boolean; pto2: boolean;
}

/** A live update straight from a committed position (no location code: asset trackers wait for the state processor). */
export function updateOfPosition(p: PositionLike, alarm: boolean, where: Where | undefined): VehicleUpdate {
  const live = vehicleLive({
    lat: p.lat, lon: p.lon, speed: p.speed, angle: p.angle, ignition: p.ignition, deviceTime: new Date(p.deviceTimeMs),
    panic: p.panic, pto1: p.pto1, pto2: p.pto2, alarm,
  });
  const u: VehicleUpdate = {
    unitid: p.unitId, lat: live.lat, lon: live.lon, speed: live.speed, ign: live.ign, direction: live.direction, updated: live.updated,
    vehiclealarm: live.vehiclealarm, ptotrigger1: live.ptotrigger1, ptotrigger2: live.ptotrigger2,
  };
  if (where) u.loc = where(p.lat, p.lon);
  return u;
}
