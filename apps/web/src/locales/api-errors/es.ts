import apkFiles from './apk-files/es';
import cap from './cap/es';
import capFiles from './cap-files/es';
import crt from './crt/es';
import type { ApiErrorTexts } from './en';
import signer from './signer/es';
import uploads from './uploads/es';

const apiErrors: ApiErrorTexts = {
  'request.not_found': 'No encontrado',
  'request.invalid_json': 'El contenido no es JSON válido',
  'request.not_object': 'El contenido de la solicitud debe ser un objeto JSON',
  'request.invalid': '{{field}}: {{message}}',
  'request.invalid_text':
    '{{field}}: el texto no debe contener caracteres NUL ni sustitutos sin pareja',
  'request.too_large': 'El contenido de la solicitud es demasiado grande',
  'request.unsupported_type': 'Tipo de contenido no admitido',
  'request.rejected': 'La solicitud no es válida',
  'request.rate_limited': 'Demasiadas solicitudes; inténtelo de nuevo más tarde',
  'server.error': 'Error del servidor',
  'server.unavailable': 'El servidor se está deteniendo; inténtelo de nuevo',

  'access.no_authid': 'Sin sesión (AuthId)',
  'access.session_ended': 'Vuelva a iniciar sesión.',
  'access.session_idle': 'Vuelva a iniciar sesión.',
  'access.no_admin_token': 'Sin token de administrador',
  'access.no_metrics_token': 'Sin token de métricas',
  'access.forbidden': 'Prohibido',

  'auth.login_incorrect': 'Correo o contraseña incorrectos',
  'auth.multiple_devices': 'No se permite iniciar sesión en varios dispositivos',
  'auth.multiple_devices_verify':
    'No se permite iniciar sesión en varios dispositivos; introduzca el nuevo código de verificación para cerrar la sesión del otro dispositivo',
  'auth.otp_invalid': 'El correo, la contraseña o el código no son válidos.',
  'auth.verification_expired': 'El correo, la contraseña o el código no son válidos.',
  'auth.invalid_email': 'Correo no válido',
  'auth.account_locked':
    'Demasiados inicios de sesión fallidos: esta cuenta está bloqueada durante 15 minutos',
  'auth.too_many_codes': 'Demasiados códigos incorrectos: espere antes de volver a intentarlo',
  'auth.account_disabled': 'Esta cuenta ha sido desactivada',
  'auth.email_not_registered': 'Este correo no está registrado.',
  'auth.account_not_registered': 'Esta cuenta aún no está registrada.',
  'auth.invalid_link': 'Es posible que el enlace haya caducado o no se haya escrito correctamente.',
  'auth.email_registered': 'Este correo ya está registrado; inicie sesión en su lugar.',
  'auth.old_password_wrong': 'La contraseña anterior no es correcta',
  'auth.code_invalid': 'El código no es válido',
  'auth.totp_not_pending': 'Empiece primero la configuración del autenticador',
  'auth.totp_off': 'La aplicación de autenticación no está activada',
  'auth.email_codes_off':
    'Los códigos por correo están desactivados para esta cuenta: use su aplicación de autenticación',
  'auth.too_many_password_checks':
    'Demasiados intentos de contraseña: espere antes de volver a intentarlo',

  'user.licence_exhausted':
    'No quedan licencias de {{group}} para la empresa {{company}}: {{used}} de {{total}} en uso',
  'user.cannot_remove_own_admin': 'No puede quitarse su propio rol de administración',
  'user.cannot_disable_self': 'No puede desactivar su propia cuenta',
  'user.platform_role_only': 'El rol {{role}} solo se puede asignar en la empresa de la plataforma',
  'user.only_owner_grants_owner':
    'Solo un propietario de la plataforma puede asignar el rol de propietario',
  'user.only_admin_grants_admin':
    'Solo un administrador de la plataforma puede asignar el rol de administrador de la plataforma',
  'invitation.role_invalid': 'El rol «{{role}}» no es válido para la empresa {{company}}',
  'invitation.company_not_found': 'No se encontró la empresa {{company}}',
  'invitation.platform_roles_only':
    'Los roles de plataforma solo se pueden asignar en la empresa de la plataforma',
  'invitation.already_pending': '{{email}} ya tiene una invitación pendiente',
  'invitation.already_user': '{{email}} ya tiene una cuenta',
  'invitation.resend_limited':
    'Esta invitación se ha enviado demasiadas veces: espere antes de volver a enviarla',

  'company.code_taken': 'El código de empresa {{code}} ya está en uso',
  'company.platform_keeps_code': 'La empresa de la plataforma conserva su código',
  'sn.no_model': 'Ningún modelo admitido tiene un prefijo del número de serie {{sn}}',
  'sn.in_this_company': 'El número de serie {{sn}} ya está en esta empresa',
  'sn.other_company': 'El número de serie {{sn}} pertenece a otra empresa',
  'sn.import_too_large': 'El archivo supera los {{mb}} MB',
  'sn.import_not_csv': 'Envíe el archivo como text/csv',
  'sn.import_line_too_long': 'La línea {{line}} tiene más de {{max}} caracteres',
  'model.name_taken': 'El modelo {{name}} ya existe',
  'model.prefix_taken': 'El prefijo {{prefixes}} ya pertenece a otro modelo',

  'erase.refused': '{{message}}',
  'erase.not_reportable': 'Solo se puede informar de un borrado fallido',
  'erase.demo_off': 'No encontrado',
  ...apkFiles,
  ...capFiles,
  ...signer,
  ...cap,
  ...crt,
  ...uploads,
};

export default apiErrors;
