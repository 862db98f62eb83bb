import type { GuideBundle } from './en';

const es: GuideBundle = {
  intro:
    'Cómo usar cada parte de Terminal Key Console, en pasos breves. Las partes marcadas como «Próximamente» aún no están disponibles. Su administrador decide qué partes puede abrir.',
  contents: 'Contenido',
  search: 'Buscar en la guía',
  noMatch: 'Ningún tema coincide con su búsqueda.',
  who: 'Quién:',
  steps: 'Paso a paso',
  planned: 'Qué hará',
  tips: 'Conviene saber',
  example: 'Ejemplo',
  coming: 'Próximamente',
  topics: {
    signIn: {
      title: 'Inicio de sesión y segundo factor',
      who: 'Todos. Las cuentas solo se crean por invitación.',
      summary:
        'Inicia sesión con su correo electrónico, su contraseña y un segundo factor: el código de 6 dígitos de una aplicación de autenticación o un código de 6 dígitos que recibe por correo.',
      steps: [
        'Escriba su correo electrónico y su contraseña y pulse Continuar.',
        'Elija cómo confirmar su identidad: Autenticador (el código que muestra su aplicación en ese momento) o Correo electrónico (se le envía un código al instante, válido durante 5 minutos).',
        'Escriba los 6 dígitos. La consola continúa sola tras el sexto dígito.',
        'Sin su teléfono, elija «Usar un código de recuperación» en la página del código del autenticador y escriba uno de sus códigos de recuperación guardados. Cada código de recuperación funciona una vez.',
      ],
      tips: [
        'La página del código se cierra tras 5 minutos sin código: vuelva a iniciar sesión para obtener uno nuevo.',
        'Solo puede haber un dispositivo conectado a la vez. Si tiene la sesión abierta en otro lugar, la consola pide un código nuevo y después cierra la sesión del otro dispositivo («Cerrar sesión en el otro dispositivo»).',
        '¿Olvidó su contraseña? Use «¿Olvidó su contraseña?» en la página de inicio de sesión. El enlace del correo es válido durante 1 hora.',
        'Diez contraseñas incorrectas seguidas bloquean la cuenta durante 15 minutos.',
        'Una sesión dura una hora. Un minuto antes del final la consola pregunta si desea mantener la sesión («Mantener la sesión»).',
      ],
    },
    account: {
      title: 'Configuración de la cuenta y verificación en dos pasos',
      who: 'Todos, cada uno para su propia cuenta.',
      summary:
        'La configuración de la cuenta (menú de usuario o «Cuenta y ajustes» en el menú lateral) reúne su perfil, su segundo factor, su contraseña y su sesión.',
      steps: [
        'Perfil: cambie sus nombres, teléfono, zona horaria, dirección, el idioma de la consola y de sus correos, y si su resumen es diario o semanal. Pulse «Guardar cambios».',
        'Aplicación de autenticación (recomendada): en Verificación en dos pasos pulse «Configurar aplicación de autenticación», escanee el código QR con su aplicación (o escriba la clave secreta que aparece debajo) y después introduzca el código de 6 dígitos que muestra la aplicación.',
        'Guarde los 10 códigos de recuperación que aparecen: cópielos o descárguelos y guárdelos lejos de su teléfono. Solo se muestran una vez. Marque «He guardado estos códigos de recuperación» y pulse Listo.',
        'Para cambiar a códigos por correo o desactivar el autenticador, confirme con un código de la aplicación o con un código de recuperación.',
        'Contraseña: escriba su contraseña anterior y dos veces la nueva. La nueva contraseña necesita al menos 8 caracteres, una mayúscula y un número; el medidor también cuenta una minúscula y un carácter especial.',
        'Sesión: vea hasta cuándo tiene la sesión abierta en este dispositivo y ciérrela.',
      ],
      tips: [
        'Cada cambio de contraseña o de segundo factor se confirma por correo. Si no hizo usted el cambio, avise de inmediato a su administrador.',
        'Configurar un nuevo autenticador sustituye al anterior y a todos sus códigos de recuperación.',
        'Si se rechaza un código del autenticador, normalmente el reloj del teléfono no está en hora: póngalo en hora automática.',
      ],
    },
    keyErase: {
      title: 'Borrado de clave (Key Erase), paso a paso',
      who: 'Los usuarios con el rol Key Erase ejecutan borrados; los administradores de empresa y de plataforma consultan el registro.',
      summary:
        'Key Erase devuelve la clave personalizada de un terminal a su clave original (predeterminada de ULD). El terminal se conecta al ordenador con un cable serie USB y la consola se comunica con él desde el navegador.',
      steps: [
        'Use Chrome o Edge en un ordenador: la consola necesita Web Serial, que otros navegadores no ofrecen.',
        'Ponga el terminal en modo SULD (vea «Cómo activar el modo SULD») y conéctelo con el cable serie USB.',
        'Abra «Borrado de clave», inicie el borrado y elija el puerto del terminal cuando el navegador lo pida.',
        'La consola lee del terminal el número de serie (SN) y un desafío aleatorio (RN), pide al servidor que autorice este terminal, lo reinicia y borra la clave personalizada.',
        'Espere al resultado y no desconecte el cable mientras tanto. Éxito significa que el terminal vuelve a tener su clave original.',
        'Cada ejecución, correcta o no, queda registrada con su estado en el registro de Key Erase.',
      ],
      tips: [
        'El número de serie debe estar registrado a nombre de su empresa y su prefijo debe pertenecer a un modelo compatible; si no, el servidor lo rechaza («403 Not Allowed Action» o «Unsupported Model»).',
        'Una ejecución fallida muestra el motivo y, cuando ayuda, un enlace a la pregunta correspondiente más abajo.',
        'Desde el registro puede comunicar una ejecución fallida al soporte con una nota.',
        'El botón «Fallidos» del panel cuenta las ejecuciones fallidas de los últimos 30 días y abre el registro.',
      ],
    },
    enableSuld: {
      title: 'Cómo activar el modo SULD',
      who: 'Quien ejecuta un borrado de clave.',
      summary:
        'En modo SULD (secure user loader) el terminal acepta órdenes del cargador por el cable serie. Fuera de él, responde a cada orden con SULD_NOT_ENABLED y la ejecución termina con «SULD Mode is not enabled (Terminal Respond)».',
      steps: [
        'Conecte el terminal a la corriente y apáguelo.',
        'Arránquelo en su menú de mantenimiento (sistema). La tecla que hay que mantener pulsada al encenderlo depende del modelo: consulte el manual del modelo.',
        'Introduzca la contraseña de mantenimiento si se la pide, abra los ajustes del cargador y active el modo SULD.',
        'Deje el terminal en la pantalla del cargador, conecte el cable serie USB e inicie el borrado.',
      ],
      tips: [
        '«Failed Initiation (Terminal Connected)» suele significar que el terminal no está en modo SULD o que otro programa ocupa el puerto serie: cierre otras herramientas serie e inténtelo de nuevo.',
        '«Failed Initiation (Terminal Not Selected)» significa que no se eligió ningún puerto en el diálogo del navegador.',
      ],
    },
    findSerialNumber: {
      title: 'Cómo encontrar el número de serie en el terminal',
      who: 'Quien ejecuta un borrado de clave o gestiona números de serie.',
      summary:
        'La consola lee el número de serie del terminal durante el borrado. Para compararlo con sus registros, búsquelo en el dispositivo.',
      steps: [
        'Mire la etiqueta de la parte trasera del terminal o bajo la tapa de la batería: el número de serie sigue a «S/N».',
        'O abra la pantalla de información del sistema en el menú de mantenimiento del terminal.',
        'Si una ejecución termina con «Serial Number is Empty» o «Get SN Failed», el terminal no lo comunicó: revise el cable y el modo SULD e inténtelo de nuevo.',
      ],
      tips: [
        'Copie el número tal como está impreso; en la consola no importan las mayúsculas y minúsculas.',
      ],
    },
    checkSerialNumber: {
      title: 'Cómo comprobar que el número de serie es válido',
      who: 'Quien ejecuta un borrado de clave; los administradores, para el registro.',
      summary: 'Un terminal solo se puede borrar si su número de serie supera tres comprobaciones.',
      steps: [
        'Tiene entre 4 y 32 letras o dígitos, sin espacios ni guiones.',
        'Sus primeros caracteres (el prefijo) pertenecen a un modelo compatible: vea Modelos.',
        'Está registrado a nombre de su empresa: los administradores lo encuentran en Empresa, Números de serie.',
      ],
      tips: [
        'Si la etiqueta y el número que comunica el terminal no coinciden, envíe ambos al soporte con el informe de la ejecución fallida.',
      ],
    },
    users: {
      title: 'Usuarios, invitaciones y licencias',
      who: 'Los administradores de empresa, para su empresa; los administradores de plataforma, para todas.',
      summary:
        'Usuarios (menú lateral) muestra los usuarios de su empresa y las invitaciones aún no aceptadas. Las cuentas solo se crean por invitación.',
      steps: [
        'Pulse Invitar, escriba el correo electrónico y elija los roles: como máximo un rol por función (CAP Maker: Manager, Advanced o User; Firmador: Manager o User; Certificado: Manager o User; Key Erase).',
        'La persona recibe un correo con un enlace válido durante 7 días, completa la cuenta (nombres, contraseña, zona horaria, teléfono) y acepta las condiciones.',
        'Las invitaciones pendientes y caducadas aparecen en la lista: reenvíelas o retírelas desde ahí.',
        'Abra un usuario para cambiar sus roles o desactivar la cuenta; un usuario desactivado no puede iniciar sesión.',
      ],
      tips: [
        'Las licencias cuentan plazas por función (CAP Maker, Firmador, Certificado, Key Erase): cada usuario con un rol de la función y cada invitación pendiente que lo concedería ocupa una plaza. Cuando se agoten, pida más a su administrador de plataforma.',
        'Solo el propietario de la plataforma puede crear o modificar cuentas de propietario de la plataforma.',
      ],
    },
    companies: {
      title: 'Empresas y números de serie',
      who: 'Administradores de plataforma.',
      summary:
        'Las empresas tienen un código, un nombre, un nivel de prueba o de producción y licencias por función. El número de serie de cada terminal pertenece exactamente a una empresa.',
      steps: [
        'Empresa, Resumen: cree una empresa o abra una para cambiar su nombre, nivel y licencias.',
        'Empresa, Números de serie: elija la empresa y añada números de serie uno a uno o importe un archivo CSV.',
        'El archivo CSV contiene un número de serie por línea en su primera columna. Las demás columnas se ignoran; comas, puntos y coma o tabuladores separan las columnas; se admiten comillas; una primera línea «sn» o «serial number» se lee como encabezado.',
        'Tras la importación, la consola indica cuántos números se añadieron, cuántos tenía ya la empresa y cada línea rechazada con su motivo: formato incorrecto, prefijo desconocido (sin modelo), pertenece a otra empresa o repetido en el archivo.',
      ],
      tips: [
        'Una importación es un único paso: si falla a medias (por ejemplo, con un archivo de más de 16 MB), no se importa nada.',
        'Cree primero el modelo y sus prefijos: los números con un prefijo desconocido se rechazan.',
      ],
    },
    models: {
      title: 'Modelos y prefijos',
      who: 'Todos ven los modelos; los administradores y los observadores de modelos ven también los prefijos; solo el propietario de la plataforma edita.',
      summary:
        'Modelos muestra los modelos de terminal compatibles. Un prefijo es el comienzo de los números de serie de un modelo; con él la consola sabe qué modelo es un terminal.',
      steps: [
        'Abra Modelos para ver cada modelo, su familia (antigua o nueva) y su descripción.',
        'Propietario de la plataforma: añada un modelo con su nombre, familia y prefijos (de 1 a 16 letras o dígitos cada uno) o edite uno.',
      ],
      tips: [
        'La familia fija el límite de los nombres de aplicación en los archivos CAP: 20 caracteres para los modelos antiguos y 64 para los nuevos.',
        'Un terminal cuyo número de serie no coincide con ningún prefijo no se puede borrar («Unsupported Model»).',
      ],
    },
    audit: {
      title: 'Registro de auditoría y exportación',
      who: 'Los administradores de plataforma, para todas las empresas; los administradores de empresa, para la suya.',
      summary:
        'El registro de auditoría anota cada inicio de sesión, intento fallido y cierre de sesión, y cada cambio: quién, empresa, acción, objeto, dirección, resultado y hora.',
      steps: [
        'Abra el Registro de auditoría y acote la lista por fechas, acción, resultado o texto de búsqueda; ordene por cualquier columna.',
        'Exportar descarga los eventos filtrados como un archivo CSV que se abre en cualquier hoja de cálculo.',
        'La comprobación de la cadena indica si el registro está intacto: cada evento guarda una huella del anterior, así que un evento modificado o borrado se detecta.',
      ],
      tips: [
        'En la exportación, una celda que empezaría una fórmula de hoja de cálculo comienza con un apóstrofo, así que abrir el archivo es seguro.',
      ],
    },
    capMaker: {
      title: 'CAP Maker',
      who: 'Roles de CAP Maker: Manager, Advanced y User.',
      summary:
        'CAP Maker generará los archivos de información (CAP) que necesitan los terminales. Aún no está disponible.',
      steps: [
        'General: empaquetar una carpeta de archivos de aplicación en un archivo CAP firmado para sus terminales.',
        'Clave: crear archivos CAP de clave desde el centro de generación de claves.',
        'Certificado: crear archivos CAP de certificado.',
      ],
      tips: ['Hasta entonces, las páginas de CAP Maker indican que aún no están construidas.'],
    },
    signer: {
      title: 'Firmador',
      who: 'Roles de firma: el Signer User solicita, el Signer Manager decide.',
      summary:
        'El Firmador firmará archivos APK y CAP con las claves de su empresa. Aún no está disponible.',
      steps: [
        'Un Signer User sube un archivo APK o CAP y solicita una firma.',
        'Un Signer Manager de la misma empresa aprueba, consulta o rechaza la solicitud. Nadie aprueba su propia solicitud.',
        'Después, el archivo firmado queda listo para descargar.',
      ],
      tips: ['Su administrador de plataforma activa el Firmador en cada instalación.'],
    },
    certificate: {
      title: 'CAP de certificado y grupo de certificados de clave',
      who: 'Roles de certificado (Manager y User) y administradores de plataforma.',
      summary:
        'El CAP de certificado generará archivos CAP que llevan una nueva cadena de certificados y actualizan la clave de un terminal. Aún no está disponible.',
      steps: [
        'Certificado: crear un CAP de certificado para un modelo de terminal.',
        'Grupo de certificados de clave: generación de claves para el centro de seguridad de la sede central.',
      ],
      tips: ['Ambas páginas aparecen en el menú de CAP Maker para los roles que pueden usarlas.'],
    },
  },
};

export default es;
