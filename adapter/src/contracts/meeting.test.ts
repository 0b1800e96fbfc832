import { describe, expect, it } from 'vitest';
import { meetingSignatureInputSchema, zoomMeeting } from './meeting';

describe('zoomMeeting', () => {
  it.each([
    ['https://zoom.us/j/85012345678?pwd=Ab3dEf', '85012345678', 'Ab3dEf'],
    ['https://us02web.zoom.us/j/85012345678', '85012345678', null],
    ['https://acme.zoom.us/w/850123456?tk=x&pwd=q.1', '850123456', 'q.1'],
    ['https://zoom.us/wc/join/85012345678', '85012345678', null],
    ['https://app.zoom.us/wc/85012345678/join?pwd=x1', '85012345678', 'x1'],
    ['https://zoom.us/s/85012345678', '85012345678', null],
    ['https://zoomgov.com/j/1601234567', '1601234567', null],
    ['  https://ZOOM.US/j/850-1234-5678  ', '85012345678', null],
  ])('reads %s', (link, meetingNumber, passcode) => {
    expect(zoomMeeting(link)).toEqual({ meetingNumber, passcode });
  });

  it.each([
    [null],
    [''],
    ['not a link'],
    ['http://zoom.us/j/85012345678'],
    ['https://zoom.us.example.com/j/85012345678'],
    ['https://notzoom.us/j/85012345678'],
    ['https://user:pw@zoom.us/j/85012345678'],
    ['https://zoom.us/my/dra.ana'],
    ['https://zoom.us/webinar/register/WN_abc'],
    ['https://zoom.us/j/1234'],
    ['https://zoom.us/j/85012345678/extra'],
    ['https://meet.google.com/abc-defg-hij'],
  ])('refuses %s', (link) => {
    expect(zoomMeeting(link)).toBeNull();
  });

  it('drops a passcode that is not a plain token', () => {
    expect(zoomMeeting('https://zoom.us/j/85012345678?pwd=%3Cscript%3E')).toEqual({ meetingNumber: '85012345678', passcode: null });
  });
});

describe('meetingSignatureInputSchema', () => {
  it('takes a room and a role, the attendee by default', () => {
    expect(meetingSignatureInputSchema.parse({ roomId: '3' })).toEqual({ roomId: 3, role: 'attendee' });
    expect(meetingSignatureInputSchema.parse({ roomId: 3, role: 'host' })).toEqual({ roomId: 3, role: 'host' });
  });

  it('refuses a meeting number in the request', () => {
    expect(meetingSignatureInputSchema.safeParse({ roomId: 3, meetingNumber: '85012345678' }).success).toBe(false);
    expect(meetingSignatureInputSchema.safeParse({ roomId: 0 }).success).toBe(false);
    expect(meetingSignatureInputSchema.safeParse({ roomId: 3, role: 'owner' }).success).toBe(false);
  });
});
