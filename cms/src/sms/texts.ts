/** The text messages the product sends (Portuguese, as the people who receive them read it). */
export const smsText = {
  /** The second step of a login. */
  login: (code: string) => `Seu código de acesso é ${code}. Ele vale por 5 minutos. Não o compartilhe.`,
  /** A first access or a password recovery. */
  password: (code: string) => `Seu código para criar a senha é ${code}. Ele vale por 5 minutos. Não o compartilhe.`,
  /** Confirming a change or removal of a client's phone (sent to the current phone). */
  phone: (code: string) =>
    `Seu código para trocar o telefone da sua conta é ${code}. Ele vale por 5 minutos. Se não foi você, ignore e troque sua senha.`,
  /** A new staff user's temporary password. */
  welcome: (name: string, temporaryPassword: string) =>
    `Olá, ${name.split(' ')[0]}! Você foi cadastrado na Plataforma. Sua senha provisória é ${temporaryPassword}. No primeiro acesso você criará a sua senha.`,
};
