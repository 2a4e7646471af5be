/**
 * The registration form as the app sends it: both passwords typed twice and the demo invitation code. One
 * copy for the server and browser tests (a file of its own, so the browser tests do not load the server), so a
 * new field of the form is added in one place.
 */
export function registrationForm(fields: { account: string; password: string; payPassword: string; phone: string; smsCode: string }) {
  return { ...fields, password2: fields.password, payPassword2: fields.payPassword, inviteCode: "DEMO88", eligible: "1" };
}
