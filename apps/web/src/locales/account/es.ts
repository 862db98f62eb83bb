import type { AccountBundle } from './en';

const es: AccountBundle = {
  common: {
    cancel: 'Cancelar',
    reset: 'Restablecer',
    copied: 'Copiado',
  },
  sections: {
    label: 'Secciones de la configuración de la cuenta',
    profile: 'Perfil',
    mfa: 'Verificación en dos pasos',
    password: 'Contraseña',
    session: 'Sesión',
  },
  profile: {
    title: 'Perfil',
    description: 'Su nombre, sus datos de contacto y cómo le habla la consola.',
    emailFixed:
      'Su correo electrónico es su nombre de inicio de sesión; solo un administrador puede cambiarlo.',
    language: 'Idioma',
    languageHint: 'Lo usan la consola y los correos que le enviamos.',
    digest: 'Resumen',
    digestHint: 'Con qué frecuencia se reinician los contadores del resumen.',
    daily: 'Diario',
    weekly: 'Semanal',
    required: 'Los campos marcados con * son obligatorios.',
    save: 'Guardar cambios',
    saved: 'Su perfil se ha guardado.',
  },
  password: {
    title: 'Contraseña',
    description:
      'Cambie la contraseña con la que inicia sesión. Seguirá conectado en este dispositivo.',
    old: 'Contraseña anterior',
    hint: 'Al menos 8 caracteres con una mayúscula y un número; una minúscula y un carácter especial la hacen más fuerte. Un correo confirma el cambio.',
    submit: 'Cambiar contraseña',
    changed: 'Su contraseña se ha cambiado.',
  },
  mfa: {
    title: 'Verificación en dos pasos',
    description: 'Un segundo factor protege su cuenta aunque alguien conozca su contraseña.',
    current: 'Método actual:',
    stateNone: 'Sin configurar',
    stateEmail: 'Códigos por correo',
    stateTotp: 'Aplicación de autenticación',
    noneOn:
      'Aún no ha elegido un segundo factor, así que cada inicio de sesión envía un código a {{email}}. Una aplicación de autenticación es más segura.',
    emailOn: 'Cada inicio de sesión envía un código de 6 dígitos a {{email}}.',
    totpOn:
      'Cada inicio de sesión pide el código de 6 dígitos de su aplicación de autenticación. Sin su teléfono, use uno de sus códigos de recuperación.',
    promptTitle: 'Termine de proteger su cuenta',
    prompt:
      'Configure ahora una aplicación de autenticación: lleva un minuto y mantiene su cuenta segura aunque alguien averigüe su contraseña.',
    totpTitle: 'Aplicación de autenticación',
    totpDescription:
      'Códigos generados en su teléfono por una aplicación como Google Authenticator, Microsoft Authenticator o cualquier aplicación TOTP. Funcionan sin conexión y no se pueden leer en un buzón de correo.',
    recommended: 'Recomendado',
    inUse: 'En uso',
    totpSetUp: 'Configurar aplicación de autenticación',
    totpReplace: 'Configurar un nuevo autenticador',
    totpOff: 'Desactivar el autenticador',
    totpDone: 'La aplicación de autenticación es ahora su segundo factor.',
    emailTitle: 'Códigos por correo',
    emailDescription:
      'En cada inicio de sesión recibe por correo un código de 6 dígitos válido durante 5 minutos. Sencillo, pero tan seguro como su buzón.',
    emailUse: 'Usar códigos por correo',
    emailSwitch: 'Cambiar a códigos por correo',
    emailDone: 'Los códigos por correo son ahora su segundo factor.',
    offDone: 'El autenticador está desactivado: los códigos de acceso llegan por correo.',
  },
  totp: {
    title: 'Configure su aplicación de autenticación',
    step1: '1. Escanee el código QR',
    step1Body: 'Abra su aplicación de autenticación, añada una cuenta y escanee este código.',
    qrAlt: 'Código QR para su aplicación de autenticación',
    cannotScan:
      '¿No puede escanearlo? Escriba en la aplicación esta clave secreta (basada en tiempo, 6 dígitos).',
    secret: 'Clave secreta',
    copySecret: 'Copiar la clave secreta',
    onThisDevice: '¿Tiene el autenticador en este dispositivo?',
    openApp: 'Abrir en la aplicación',
    step2: '2. Introduzca el código de la aplicación',
    step2Body:
      'La aplicación muestra ahora un código de 6 dígitos que cambia cada 30 segundos. Introdúzcalo aquí.',
    appsHint: 'No comparta la clave secreta: quien la tenga puede generar sus códigos.',
    clockHint:
      'Si se rechaza un código, normalmente el reloj del teléfono no está en hora: póngalo en automático.',
    codeLabel: 'Código de la aplicación',
    confirm: 'Verificar y activar',
  },
  recovery: {
    title: 'Sus códigos de recuperación',
    once: 'Estos códigos solo se muestran esta vez. Guárdelos ahora.',
    body: 'Cada código le permite iniciar sesión una vez cuando no tiene su autenticador (elija «Usar un código de recuperación» en la página del código). Guárdelos en un lugar seguro y lejos de su teléfono, por ejemplo en un gestor de contraseñas o impresos.',
    listLabel: 'Códigos de recuperación',
    copy: 'Copiar códigos',
    download: 'Descargar',
    saved: 'He guardado estos códigos de recuperación',
    done: 'Listo',
    fileHeading: 'Códigos de recuperación de Terminal Key Console para {{email}}',
    fileCreated: 'Creados el {{time}}',
    fileNote: 'Cada código funciona una vez. Configurar un nuevo autenticador los sustituye todos.',
  },
  email: {
    title: 'Confirmar los códigos por correo',
    sent: 'Hemos enviado un código de 6 dígitos a {{email}}. Introdúzcalo para confirmar.',
    codeLabel: 'Código del correo',
    noCode: '¿No ha llegado el correo?',
    resend: 'Enviar un código nuevo',
    resent: 'Se ha enviado un código nuevo a su correo.',
    confirm: 'Confirmar',
  },
  change: {
    emailTitle: 'Cambiar a códigos por correo',
    emailBody:
      'Confirme con el código actual de su aplicación de autenticación o con uno de sus códigos de recuperación. Sus códigos de recuperación dejarán de funcionar.',
    emailConfirm: 'Cambiar a códigos por correo',
    offTitle: 'Desactivar el autenticador',
    offBody:
      'Confirme con el código actual de su aplicación de autenticación o con uno de sus códigos de recuperación. Los códigos de acceso llegarán por correo y sus códigos de recuperación dejarán de funcionar.',
    offConfirm: 'Desactivar',
    codeLabel: 'Código del autenticador o de recuperación',
    codeHint: '6 dígitos de la aplicación o un código de recuperación como k7mx2-qp9rt.',
    codeShape: 'Introduzca 6 dígitos o un código de recuperación (10 letras y dígitos).',
  },
  session: {
    title: 'Sesión',
    description: 'Dónde ha iniciado sesión ahora.',
    thisDevice: 'Este dispositivo',
    browserOn: '{{browser}} en {{system}}',
    unknownDevice: 'Este navegador',
    signedInAs: 'Sesión iniciada como {{email}}',
    expires: 'La sesión termina el {{time}} (su zona horaria)',
    expiresUnknown: 'Fin de la sesión desconocido',
    oneDevice:
      'Solo puede haber un dispositivo conectado a la vez: iniciar sesión en otro dispositivo cierra esta sesión. Un minuto antes del final la consola le ofrece mantener la sesión.',
  },
  errors: {
    oldPasswordWrong: 'La contraseña anterior no es correcta',
    codeInvalid: 'El código no es válido. Compruébelo e inténtelo de nuevo.',
    totpNotPending:
      'La configuración ha caducado. Vuelva a empezar la configuración del autenticador.',
    tooManyCodes: 'Demasiados códigos incorrectos: espere antes de volver a intentarlo.',
  },
  dashboard: {
    carouselLabel: 'Funciones',
    previous: 'Función anterior',
    next: 'Función siguiente',
    goTo: 'Mostrar la función {{n}} de {{total}}',
    slide: '{{n}} de {{total}}',
    pagination: 'Páginas de funciones',
    noFeatureCardsAdmin:
      'Las tarjetas muestran las herramientas de sus roles de función. Sus roles de administrador abren las herramientas desde el menú.',
    noFeatureCards: 'Su cuenta aún no tiene funciones asignadas. Pida un rol a su administrador.',
    eraseTitle: 'Resumen de Key Erase',
    eraseWindow: 'Ejecuciones fallidas de los últimos {{days}} días (desde el {{date}})',
    eraseLatest: 'Último fallo: {{sn}}, {{time}}',
    eraseNone: 'Ninguna ejecución fallida. Bien hecho.',
    eraseError: 'No se pudo cargar el número de fallos.',
    failed: 'Fallidos',
    news: {
      title: 'Noticias',
      welcomeTitle: 'Bienvenido a Terminal Key Console',
      welcomeBody: 'Aquí aparecerán las notas de versión y los avisos del servicio.',
    },
  },
};

export default es;
