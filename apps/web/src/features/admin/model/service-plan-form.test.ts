import { servicePlanBodySchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf } from './service-plan-form.ts';

describe('service plan form', () => {
  it('shows an unplanned unit as empty fields and a plan as its values', () => {
    expect(formOf({ duedate: null, duekm: null, duehours: null }, 'metric')).toEqual({ duedate: '', duekm: '', duehours: '' });
    expect(formOf({ duedate: '2027-01-31', duekm: 120000, duehours: 5000.5 }, 'metric')).toEqual({ duedate: '2027-01-31', duekm: '120000', duehours: '5000.5' });
  });

  it("shows and takes the odometer in miles on an imperial site, storing km without drift", () => {
    expect(formOf({ duedate: null, duekm: 120000, duehours: null }, 'imperial').duekm).toBe('74565');
    expect(bodyOf(5, { duedate: '', duekm: '10,000', duehours: '' }, 'imperial').body?.duekm).toBe(16093.44);
    // The shown figure sent back unchanged keeps the saved km exactly.
    expect(bodyOf(5, { duedate: '', duekm: '74565', duehours: '' }, 'imperial', 120000).body?.duekm).toBe(120000);
    expect(bodyOf(5, { duedate: '', duekm: '74566', duehours: '' }, 'imperial', 120000).body?.duekm).toBe(120002.345);
    expect(bodyOf(5, { duedate: '', duekm: '6300000', duehours: '' }, 'imperial')).toEqual({ problems: { duekm: 'tooLarge' } });
  });

  it('turns what was typed into a body setserviceplan accepts; empty clears', () => {
    const r = bodyOf(5, { duedate: ' 2027-01-31 ', duekm: '120,000', duehours: '' }, 'metric');
    expect(r.body).toEqual({ uid: 5, duedate: '2027-01-31', duekm: 120000, duehours: null });
    expect(servicePlanBodySchema.safeParse(r.body).success).toBe(true);
    expect(bodyOf(5, { duedate: '', duekm: '', duehours: '' }, 'metric').body).toEqual({ uid: 5, duedate: null, duekm: null, duehours: null });
  });

  it.each([
    [{ duedate: '2027-02-30', duekm: '', duehours: '' }, { duedate: 'badDate' }],
    [{ duedate: '31/01/2027', duekm: '', duehours: '' }, { duedate: 'badDate' }],
    [{ duedate: '', duekm: '-5', duehours: '' }, { duekm: 'badNumber' }],
    [{ duedate: '', duekm: '12km', duehours: 'abc' }, { duekm: 'badNumber', duehours: 'badNumber' }],
    [{ duedate: '', duekm: '10000001', duehours: '1000001' }, { duekm: 'tooLarge', duehours: 'tooLarge' }],
  ])('refuses bad input %#, naming each bad field', (form, problems) => {
    expect(bodyOf(5, form, 'metric')).toEqual({ problems });
  });
});
