// chesswasm — an emscripten JS library linked into the package's module (CMakeLists.txt):
// embind registers std::wstring, std::u16string and std::u32string in every module, which
// brings UTF-16 and UTF-32 converters into the glue. No wide string crosses this boundary, so
// those types are registered here with conversions that refuse any use: 0.4 KB less gzipped
// glue. (mergeInto replaces embind's definition of the same library function.)
// SPDX-License-Identifier: MIT
mergeInto(LibraryManager.library, {
  _embind_register_std_wstring__deps: ['$readLatin1String', '$registerType', '$throwBindingError'],
  _embind_register_std_wstring: function (rawType, charSize, name) {
    name = readLatin1String(name);
    var refuse = function () {
      throwBindingError('no ' + name + ' crosses the chesswasm boundary');
    };
    registerType(rawType, {
      name: name,
      fromWireType: refuse,
      toWireType: refuse,
      argPackAdvance: 8,
      readValueFromPointer: refuse,
      destructorFunction: null,
    });
  },
});

// Start-up: embind names every class constructor, enum value and invoker with
// createNamedFunction, which builds each with `new Function` (one eval per name: 132 enum
// values, ~60 invokers, the classes). The same function, named with defineProperty instead,
// takes no eval: import-to-first-position time, see docs/performance.md ("import").
mergeInto(LibraryManager.library, {
  $createNamedFunction__deps: ['$makeLegalFunctionName'],
  $createNamedFunction: function (name, body) {
    var named = function () {
      return body.apply(this, arguments);
    };
    Object.defineProperty(named, 'name', { value: makeLegalFunctionName(name) });
    return named;
  },
});

// std::string from wasm to JS: 3.1.6 decodes a returned std::string piece by piece between NUL
// bytes, each piece with a TextDecoder that drops a leading U+FEFF, so "\0\uFEFF" lost its
// U+FEFF (a PGN error's detail could). Here the whole string is one decode that keeps every
// U+FEFF (ignoreBOM) and every NUL. To wasm: UTF-8 for std::string; Latin-1 bytes (each code
// unit below 256, or the bytes of a Uint8Array, Uint8ClampedArray, Int8Array or ArrayBuffer)
// for std::basic_string<unsigned char>, as embind does.
mergeInto(LibraryManager.library, {
  _embind_register_std_string__deps: ['$readLatin1String', '$registerType', '$simpleReadValueFromPointer',
    '$throwBindingError', 'malloc', 'free'],
  _embind_register_std_string: function (rawType, name) {
    name = readLatin1String(name);
    var utf8 = name === 'std::string';
    var decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    registerType(rawType, {
      name: name,
      fromWireType: function (value) {
        var length = HEAPU32[value >> 2];
        var bytes = HEAPU8.subarray(value + 4, value + 4 + length);
        var str = '';
        if (utf8) {
          str = decoder.decode(bytes);
        } else {
          for (var i = 0; i < length; ++i) str += String.fromCharCode(bytes[i]);
        }
        _free(value);
        return str;
      },
      toWireType: function (destructors, value) {
        if (value instanceof ArrayBuffer) value = new Uint8Array(value);
        var isString = typeof value == 'string';
        if (!(isString || value instanceof Uint8Array || value instanceof Uint8ClampedArray || value instanceof Int8Array)) {
          throwBindingError('Cannot pass non-string to std::string');
        }
        var length = utf8 && isString ? lengthBytesUTF8(value) : value.length;
        var ptr = _malloc(4 + length + 1);
        HEAPU32[ptr >> 2] = length;
        if (utf8 && isString) {
          stringToUTF8(value, ptr + 4, length + 1);
        } else {
          for (var i = 0; i < length; ++i) {
            var c = isString ? value.charCodeAt(i) : value[i];
            if (c > 255) {
              _free(ptr);
              throwBindingError('String has UTF-16 code units that do not fit in 8 bits');
            }
            HEAPU8[ptr + 4 + i] = c;
          }
        }
        if (destructors !== null) destructors.push(_free, ptr);
        return ptr;
      },
      argPackAdvance: 8,
      readValueFromPointer: simpleReadValueFromPointer,
      destructorFunction: function (ptr) {
        _free(ptr);
      },
    });
  },
});

// The name of a type that is not registered, for embind's errors ("... has unknown type ...",
// UnboundTypeError). 3.1.6 asks the module (___getTypeName), which keeps that export and, built
// without RTTI (CMakeLists.txt), sprintf with it. Every type that crosses is registered at
// start-up (scripts/gen-boundary.mjs fails on a registration with an unbound type), so such an
// error is a bug of the binding file: its message names the type by its id.
mergeInto(LibraryManager.library, {
  $getTypeName: function (type) {
    return 'type #' + type;
  },
});

// Classes. The three registered classes (Position, Setup, PgnSource) have no base class, no
// smart pointer, no virtual function and no overloaded method, and JS never gets a second
// handle to an object (no method returns a pointer; setupOf returns a new Setup by value).
// embind's class runtime serves all of those: inheritance with up- and downcasts, smart
// pointers and their sharing policies, instances shared by address, reference-counted
// clone(), isAliasOf(), deleteLater() and finalizers for smart pointers. Here a class is a
// constructor (overloaded by argument count, as embind does), a prototype with the methods,
// delete() and isDeleted(), and the converters of its reference, pointer and const pointer
// types, with embind's type names ("Position", "Position*", "Position const*") and checks
// (null for a reference, an object of another kind or class, a deleted object: BindingError).
// About 2 KB less gzipped glue; the call path (craftInvokerFunction) is embind's own.
mergeInto(LibraryManager.library, {
  _embind_register_class__deps: ['$readLatin1String', '$registerType', '$embind__requireFunction',
    '$makeLegalFunctionName', '$createNamedFunction', '$exposePublicSymbol', '$throwBindingError',
    '$simpleReadValueFromPointer'],
  _embind_register_class: function (rawType, rawPointerType, rawConstPointerType, baseClassRawType,
    getActualTypeSignature, getActualType, upcastSignature, upcast, downcastSignature, downcast, name,
    destructorSignature, rawDestructor) {
    name = readLatin1String(name);
    if (baseClassRawType || upcast || downcast) throwBindingError(name + ': base classes are not supported');
    rawDestructor = embind__requireFunction(destructorSignature, rawDestructor);
    var ctors = [];
    var constructor = createNamedFunction(makeLegalFunctionName(name), function () {
      if (!(this instanceof constructor)) throwBindingError("Use 'new' to construct " + name);
      var body = ctors[arguments.length];
      if (!body) {
        throwBindingError('Tried to invoke ctor of ' + name + ' with invalid number of parameters (' +
          arguments.length + ') - expected (' + Object.keys(ctors) + ') parameters instead!');
      }
      return body.apply(this, arguments);
    });
    var proto = constructor.prototype;
    proto['delete'] = function () {
      if (!this.$$.ptr) throwBindingError(name + ' instance already deleted');
      rawDestructor(this.$$.ptr);
      this.$$.ptr = 0;
    };
    proto['isDeleted'] = function () {
      return !this.$$.ptr;
    };
    var registeredClass = { name: name, constructor: constructor, proto: proto, ctors: ctors };
    function converter(typeName, isReference, isConst) {
      return {
        name: typeName,
        registeredClass: registeredClass,
        isConst: isConst,
        // A pointer from wasm: a new object that owns it (null for a null pointer).
        fromWireType: function (ptr) {
          return ptr ? Object.create(proto, { $$: { value: { ptr: ptr } } }) : null;
        },
        toWireType: function (destructors, handle) {
          if (handle === null) {
            if (isReference) throwBindingError('null is not a valid ' + typeName);
            return 0;
          }
          if (!(handle instanceof constructor)) throwBindingError('Cannot pass a ' + typeof handle + ' that is no ' + name + ' as a ' + typeName);
          if (!handle.$$.ptr) throwBindingError('Cannot pass deleted object as a pointer of type ' + typeName);
          return handle.$$.ptr;
        },
        argPackAdvance: 8,
        readValueFromPointer: simpleReadValueFromPointer,
        destructorFunction: null,
      };
    }
    registerType(rawType, converter(name, true, false));
    registerType(rawPointerType, converter(name + '*', false, false));
    registerType(rawConstPointerType, converter(name + ' const*', false, true));
    exposePublicSymbol(makeLegalFunctionName(name), constructor);
  },

  _embind_register_class_constructor__deps: ['$heap32VectorToArray', '$embind__requireFunction',
    '$whenDependentTypesAreResolved', '$craftInvokerFunction'],
  _embind_register_class_constructor: function (rawClassType, argCount, rawArgTypesAddr, invokerSignature, invoker,
    rawConstructor) {
    var rawArgTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    invoker = embind__requireFunction(invokerSignature, invoker);
    whenDependentTypesAreResolved([], [rawClassType], function (classType) {
      classType = classType[0];
      whenDependentTypesAreResolved([], rawArgTypes, function (argTypes) {
        argTypes.splice(1, 0, null); // no `this`
        classType.registeredClass.ctors[argCount - 1] =
          craftInvokerFunction('constructor ' + classType.name, argTypes, null, invoker, rawConstructor);
        return [];
      });
      return [];
    });
  },

  _embind_register_class_function__deps: ['$heap32VectorToArray', '$readLatin1String', '$embind__requireFunction',
    '$whenDependentTypesAreResolved', '$craftInvokerFunction', '$throwBindingError'],
  _embind_register_class_function: function (rawClassType, methodName, argCount, rawArgTypesAddr, invokerSignature,
    rawInvoker, context, isPureVirtual) {
    var rawArgTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    methodName = readLatin1String(methodName);
    rawInvoker = embind__requireFunction(invokerSignature, rawInvoker);
    whenDependentTypesAreResolved([], [rawClassType], function (classType) {
      classType = classType[0];
      var humanName = classType.name + '.' + methodName;
      var proto = classType.registeredClass.proto;
      if (isPureVirtual || Object.prototype.hasOwnProperty.call(proto, methodName)) {
        throwBindingError(humanName + ': overloaded and pure virtual methods are not supported');
      }
      whenDependentTypesAreResolved([], rawArgTypes, function (argTypes) {
        proto[methodName] = craftInvokerFunction(humanName, argTypes, classType, rawInvoker, context);
        return [];
      });
      return [];
    });
  },
});
